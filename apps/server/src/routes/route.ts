/**
 * Registers a route from its protocol descriptor: method, path, auth level and body schema come
 * from `@podium/protocol`, so route files only bind a descriptor to one service call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_BASE,
  endpoints,
  NOT_FOUND_MESSAGE,
  OK,
  type Endpoint,
  type ParsedBodyOf,
  type PathParams,
  type ResponseOf,
} from '@podium/protocol';
import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import type { z, ZodType } from 'zod';
import { NotFoundError, ValidationError } from '../errors.js';
import { authHook } from '../plugins/auth.js';
import type { SerializedJson } from '../util/serialized-json.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The descriptor of the matched route (body parsing reads it). */
    endpoint?: Endpoint;
  }
}

export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Body: ParsedBodyOf<E>;
  Params: PathParams<E['path']>;
}>;

/** A handler returns the success body, or sends a file itself and returns the reply. */
export type RouteHandler<E extends Endpoint> = (
  request: RouteRequest<E>,
  reply: FastifyReply,
) => ResponseOf<E> | FastifyReply | Promise<ResponseOf<E> | FastifyReply>;

export interface RouteOptions {
  /**
   * Checks that run after authentication and before the body is read, such as the login rate
   * limits (step 3 of the check order, API.md 1.3).
   */
  beforeBody?: (request: FastifyRequest) => void | Promise<void>;
  /** Checks that need the parsed body and run before it is validated (the login link's proof). */
  beforeValidation?: (request: FastifyRequest) => void | Promise<void>;
  /** Called with any error the route answers with (before the error handler replies). */
  onError?: (request: FastifyRequest, error: { statusCode?: number }) => void | Promise<void>;
}

/** Each path prefix (segments joined by `/`) → the literal segments that follow it in some route. */
const LITERAL_SEGMENTS = new Map<string, Set<string>>();
for (const { path } of Object.values(endpoints) as Endpoint[]) {
  const segments = path.split('/').filter(Boolean);
  segments.forEach((segment, i) => {
    if (segment.startsWith(':')) return;
    const prefix = segments.slice(0, i).join('/');
    LITERAL_SEGMENTS.set(prefix, (LITERAL_SEGMENTS.get(prefix) ?? new Set()).add(segment));
  });
}

/**
 * API.md 1.1: literal segments win over parameters, so `DELETE /project/list` is no
 * `DELETE /project/:id` but an unknown route (404, before authentication). The router already
 * prefers a literal route of the same method; this refuses the rest: a parameter whose value is a
 * literal segment at its place in another route.
 */
function literalSegmentHook(path: string): ((request: FastifyRequest) => Promise<void>) | undefined {
  const segments = path.split('/').filter(Boolean);
  const clashes = segments.flatMap((segment, i) => {
    const literals = LITERAL_SEGMENTS.get(segments.slice(0, i).join('/'));
    return segment.startsWith(':') && literals ? [{ name: segment.slice(1), literals }] : [];
  });
  if (clashes.length === 0) return undefined;
  return async (request) => {
    const params = request.params as Record<string, string>;
    for (const { name, literals } of clashes) {
      if (literals.has(params[name] ?? '')) throw new NotFoundError(NOT_FOUND_MESSAGE);
    }
  };
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
): void {
  const literalSegments = literalSegmentHook(endpoint.path);
  const { beforeBody, beforeValidation, onError } = options;
  // A judge's phone waits for its answer; screens and dashboards can wait a little longer.
  const judges = endpoint.auth === 'judge';
  const auth = authHook(endpoint.auth, app.services);
  const hooks = [
    ...(literalSegments ? [literalSegments] : []),
    ...(auth ? [auth] : []),
    ...(beforeBody ? [async (request: FastifyRequest) => beforeBody(request)] : []),
  ];
  const handle = handler as (request: FastifyRequest, reply: FastifyReply) => unknown;
  app.route({
    method: endpoint.method,
    url: API_BASE + endpoint.path,
    schema: endpoint.body ? { body: endpoint.body } : undefined,
    config: { endpoint },
    onRequest: hooks,
    preValidation: beforeValidation ? async (request) => beforeValidation(request) : undefined,
    onError: onError ? async (request, _reply, error) => onError(request, error) : undefined,
    preSerialization: app.checkResponses && endpoint.response ? checkResponse(endpoint.response) : undefined,
    handler: judges
      ? (request, reply) => app.services.judgeAuth.serving(async () => handle(request, reply))
      : handle,
  });
}

/**
 * Tests run every success body, as it goes on the wire (JSON), through its protocol schema: a
 * missing, mistyped or extra field (zod strips unknown keys, so the parsed copy then differs)
 * fails the request with a 500.
 */
function checkResponse(schema: ZodType) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) assertMatches(schema, request, JSON.parse(JSON.stringify(payload)));
    return payload;
  };
}

/** Throws when `wire` (a body as JSON sends it) is not exactly what `schema` describes. */
function assertMatches(schema: ZodType, request: FastifyRequest, wire: unknown): void {
  const result = schema.safeParse(wire);
  if (!result.success || !isDeepStrictEqual(result.data, wire)) {
    throw new Error(
      `${request.method} ${request.url}: response does not match the protocol: ${JSON.stringify(wire)}`,
    );
  }
}

/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
const GZIP_MIN_BYTES = 8 * 1024;

/** Whether the client's Accept-Encoding allows gzip (`gzip` or `*`, with a q above 0). */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Sends a success body a service serialised (and cached) itself, gzipped when the client
 * accepts it and it is big; tests still check it against its protocol schema.
 */
export function sendSerialized(
  app: FastifyInstance,
  schema: ZodType | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  body: SerializedJson,
): FastifyReply {
  if (app.checkResponses && schema) assertMatches(schema, request, JSON.parse(body.json.toString()));
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding').header('ETag', body.etag());
  if (body.json.length >= GZIP_MIN_BYTES && acceptsGzip(request)) {
    return reply.header('Content-Encoding', 'gzip').send(body.gzip());
  }
  return reply.send(body.json);
}

/** Query parameters parsed with `schema`; the first issue's message is the 400 text. */
export function parseQuery<S extends ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query);
  if (!result.success) throw new ValidationError(result.error.issues[0]?.message ?? 'invalid query');
  return result.data;
}

/**
 * A route whose success is the plain `{"ok":1}` of an action (API.md 1.3). The action is
 * synchronous, so a judge write's answer can be kept in its transaction (R91).
 */
export function actionRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  action: (request: RouteRequest<E>) => Promise<void>,
  options: RouteOptions = {},
): void {
  route(
    app,
    endpoint,
    async (request) => {
      await action(request);
      return OK as ResponseOf<E>;
    },
    options,
  );
}

/** Sends a file download (exports, backups): its type and the name the browser saves it under. */
export function attachment(
  reply: FastifyReply,
  filename: string,
  type: string,
  body: string | Buffer | Readable,
): FastifyReply {
  return reply
    .header('Content-Type', type)
    .header('Content-Disposition', `attachment; filename=${filename}`)
    .send(body);
}
