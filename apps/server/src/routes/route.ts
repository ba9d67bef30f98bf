/**
 * Registers a route from its protocol descriptor: method, path, auth level and body schema come
 * from `@podium/protocol`, so route files only bind a descriptor to one service call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_BASE,
  OK,
  type Endpoint,
  type ParsedBodyOf,
  type PathParams,
  type ResponseOf,
} from '@podium/protocol';
import type { Readable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import type { ZodType } from 'zod';
import { authHook } from '../plugins/auth.js';

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
  beforeBody?: (request: FastifyRequest) => void;
  /** Called with any error the route answers with (before the error handler replies). */
  onError?: (request: FastifyRequest, error: { statusCode?: number }) => void;
}

export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
): void {
  const auth = authHook(endpoint.auth, app.services);
  const { beforeBody, onError } = options;
  const hooks = [
    ...(auth ? [auth] : []),
    ...(beforeBody ? [async (request: FastifyRequest) => beforeBody(request)] : []),
  ];
  app.route({
    method: endpoint.method,
    url: API_BASE + endpoint.path,
    schema: endpoint.body ? { body: endpoint.body } : undefined,
    config: { endpoint },
    onRequest: hooks,
    onError: onError ? async (request, _reply, error) => onError(request, error) : undefined,
    preSerialization: app.checkResponses && endpoint.response ? checkResponse(endpoint.response) : undefined,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

/**
 * Tests run every success body through its protocol schema: a missing, mistyped or extra field
 * (zod strips unknown keys, so the parsed copy then differs) fails the request with a 500.
 */
function checkResponse(schema: ZodType) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) assertMatches(schema, request, payload);
    return payload;
  };
}

function assertMatches(schema: ZodType, request: FastifyRequest, payload: unknown): void {
  const result = schema.safeParse(payload);
  if (!result.success || !isDeepStrictEqual(result.data, payload)) {
    throw new Error(
      `${request.method} ${request.url}: response does not match the protocol: ${JSON.stringify(payload)}`,
    );
  }
}

/**
 * Sends a success body a service serialised (and cached) itself; tests still check it against
 * the endpoint's schema.
 */
export function sendSerialized(
  app: FastifyInstance,
  endpoint: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
  json: string | Buffer,
): FastifyReply {
  if (app.checkResponses && endpoint.response)
    assertMatches(endpoint.response, request, JSON.parse(json.toString()));
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * A route whose success is the plain `{"ok":1}` of an action (API.md 1.3). The action is
 * synchronous, so a judge write's answer can be kept in its transaction (R91).
 */
export function actionRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  action: (request: RouteRequest<E>) => void,
): void {
  route(app, endpoint, (request) => {
    action(request);
    return OK as ResponseOf<E>;
  });
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
