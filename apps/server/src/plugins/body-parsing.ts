/**
 * JSON bodies exactly as API.md 1.2 wants them, which Fastify's own parser does not do (it
 * refuses empty JSON bodies and parses before knowing whether the route reads a body at all).
 * Every body is read as raw bytes under the 10 MB limit; then, per route, a JSON route parses it
 * with the contract's rules and a route without a body ignores it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { MAX_BODY_BYTES } from '@podium/protocol';
import { ValidationError } from '../errors.js';

export function registerBodyParsing(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.addHook('preValidation', async (request) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint === undefined || endpoint.multipart) return;
    request.body = endpoint.body
      ? parseJsonBody(request.body as Buffer | undefined, request.headers['content-type'])
      : undefined;
  });

  // The first zod issue carries the contract's message (see the protocol's fields.ts).
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new ValidationError(result.error.issues[0]?.message ?? 'invalid request body') };
  });
}

/** Raw body → a JSON object, with the exact 400 texts of API.md 1.2. An empty body is `{}`. */
export function parseJsonBody(raw: Buffer | undefined, contentType: string | undefined): object {
  if (raw === undefined || raw.length === 0) return {};
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') throw new ValidationError('request body must be JSON');
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError('invalid JSON body');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError('request body must be a JSON object');
  }
  return value;
}
