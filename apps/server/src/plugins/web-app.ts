/**
 * Serves the built web app (API.md 1.1): files of `apps/web/dist` as they are, and `index.html`
 * for every other GET or HEAD outside `/api/` and `/socket.io/`, so client routes load directly.
 * Everything else that matches no route is the JSON 404, and so is a file under `/assets/` that
 * this build does not have (docs/api-extensions.md, "Files of another build").
 *
 * The web build writes `.br` and `.gz` siblings of its compressible files; they are served in
 * place of the file when `Accept-Encoding` allows (br first), never under their own names.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND_MESSAGE } from '@podium/protocol';

/** Hashed build output: a changed file gets a new name, so it can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const hasIndex = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));

  if (webRoot !== undefined && hasIndex) {
    // wildcard: false registers one route per built file, so unknown paths reach the handler below.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => {
        // Anything else (index.html, the service worker, the manifest, icons) is revalidated on
        // every load, so a new deployment is never hidden behind a stale copy.
        const hashed = relative(webRoot, path).startsWith(`assets${sep}`);
        reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // Another build's file (a page of an instance not yet upgraded, a build written under this
    // running server): the page as a script is a blank screen, and a service worker would keep
    // it as that file for good. A 404 fails the worker's install, and nginx asks another instance.
    const isOtherBuildsFile = path.startsWith('/assets/');
    if (isApi || !isRead || !hasIndex || isOtherBuildsFile) {
      return reply.code(404).send({ error: NOT_FOUND_MESSAGE });
    }
    return reply.code(200).sendFile('index.html');
  });
}
