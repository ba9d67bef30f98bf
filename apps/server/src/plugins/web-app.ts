/**
 * Serves the built web app (API.md 1.1): files of `apps/web/dist` as they are, and `index.html`
 * for every other GET or HEAD outside `/api/` and `/socket.io/`, so client routes load directly.
 * Everything else that matches no route is the JSON 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_MESSAGE } from '@podium/protocol';

export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const indexFile = webRoot === undefined ? undefined : join(webRoot, 'index.html');
  const indexHtml = indexFile !== undefined && existsSync(indexFile) ? readFileSync(indexFile) : undefined;

  if (webRoot !== undefined && indexHtml !== undefined) {
    // wildcard: false registers one route per built file, so unknown paths reach the handler below.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        // Vite puts a content hash in every asset name: cache those for good.
        if (path.includes('/assets/')) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isRead || indexHtml === undefined) {
      return reply.code(404).send({ error: NOT_FOUND_MESSAGE });
    }
    return reply
      .code(200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
