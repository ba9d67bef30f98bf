/**
 * Smaller answers (issue 14): br or gzip by `Accept-Encoding` for answers of 1 kB or more —
 * JSON, CSV and web files without a pre-compressed sibling (the static plugin serves those).
 * Registered before every route: the plugin adds its hook to the routes declared after it.
 * Socket.io answers its own requests before Fastify sees them, so it is never touched here.
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Request bodies stay as API.md 1.2 defines them: no Content-Encoding on the way in.
    globalDecompression: false,
    // Brotli's default (quality 11, 4 MB window) is meant for files built once; answers are built
    // per request. Quality 5 with a 512 kB window: three whole reads of a 300,000-line log at once
    // peak at 180 MB instead of 237 (each stream's state lives outside the JS heap), and the log
    // compresses to 0.4 MB instead of 0.5 (bench:load's log phase, docs/benchmarks.md).
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 19 },
    },
  });
}
