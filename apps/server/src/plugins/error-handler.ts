/**
 * The one place errors become responses: exactly `{"error": "<message>"}` with the statuses of
 * API.md 1.3. A write the disk refused is a 503 (the database reports the episode once, see
 * db/disk-full.ts). Anything unexpected is a 500 whose details go to standard error only.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { BODY_TOO_LARGE_MESSAGE, DISK_FULL_MESSAGE, INTERNAL_ERROR_MESSAGE } from '@podium/protocol';
import { isDiskFull } from '../db/disk-full.js';
import { DomainError, RateLimitedError } from '../errors.js';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A download that fails before its first byte (a streamed export) answers JSON, not a file.
    reply.removeHeader('content-disposition').type('application/json; charset=utf-8');
    if (error instanceof DomainError) {
      if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      return reply.code(error.statusCode).send({ error: error.message });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.code(413).send({ error: BODY_TOO_LARGE_MESSAGE });
    }
    if (isDiskFull(error)) {
      app.db.diskFull.failed(error);
      return reply.code(503).send({ error: DISK_FULL_MESSAGE });
    }
    console.error(`${request.method} ${request.url} failed:`, error);
    return reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE });
  });
}
