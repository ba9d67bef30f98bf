/**
 * R91 on the wire: judge POST/PUT routes take an optional `Idempotency-Key`. Check order for
 * such a request: route (404), authentication (401), the key's syntax (400, before the body is
 * read), body size (413), then the kept answer or the 422 of a reused key (before the body is
 * parsed, so a request first refused for its body gets that same 400 back), then the route as
 * usual. The rules live in `services/idempotency.service.ts`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_INVALID, type Endpoint } from '@podium/protocol';
import { isDatabaseBusy, isDatabaseUnavailable, isDiskFull } from '../db/failures.js';
import { ValidationError } from '../errors.js';
import type { JudgeRow } from '../repositories/judge.repository.js';
import { requestFingerprint, type KeptAnswer, type KeyedRequest } from '../services/idempotency.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A judge write whose key was new when looked up; cleared once its answer is kept. */
    idempotency: KeyedRequest | null;
  }
}

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

function takesKey(endpoint: Endpoint | undefined): boolean {
  return endpoint?.auth === 'judge' && (endpoint.method === 'POST' || endpoint.method === 'PUT');
}

/** The request's key, on routes that take one; undefined without the header. */
function keyOf(request: FastifyRequest): string | undefined {
  if (!takesKey(request.routeOptions.config.endpoint)) return undefined;
  const header = request.headers['idempotency-key'];
  return header === undefined ? undefined : String(header);
}

function sendKept(reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

/** Registered before the body parsing and the routes: its hooks must run first. */
export function registerIdempotency(app: FastifyInstance): void {
  const { idempotency } = app.services;
  app.decorateRequest('idempotency', null);

  app.addHook('preParsing', async (request, _reply, payload) => {
    const key = keyOf(request);
    if (key !== undefined && !KEY.test(key)) throw new ValidationError(IDEMPOTENCY_KEY_INVALID);
    return payload;
  });

  app.addHook('preValidation', async (request, reply) => {
    const key = keyOf(request);
    if (key === undefined) return undefined;
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const keyed = {
      judgeId: (request.judge as JudgeRow).id,
      key,
      fingerprint: requestFingerprint(request.method, request.url, body),
    };
    const kept = await idempotency.kept(keyed);
    if (kept !== undefined) return sendKept(reply, kept);
    request.idempotency = keyed;
    return undefined;
  });

  // The handler's write and its kept answer share one transaction.
  app.addHook('onRoute', (route) => {
    if (!takesKey(route.config?.endpoint)) return;
    const handler = route.handler;
    route.handler = async function keyedHandler(request, reply) {
      const keyed = request.idempotency;
      if (keyed === null) return handler.call(this, request, reply);
      const outcome = await app.services.judgeAuth.serving(() =>
        idempotency.execute(keyed, async () => handler.call(this, request, reply)),
      );
      request.idempotency = null;
      return 'kept' in outcome ? sendKept(reply, outcome.kept) : outcome.fresh;
    };
  });

  // Refusals (body, state) wrote nothing: their answer is kept on its own. When it cannot be kept
  // (a full disk, the database away or busy) the refusal is answered all the same, and a retry is
  // evaluated again: an error thrown here would reach the client as Fastify's raw error body,
  // which the error handler never sees (issue 31: it named the database's files).
  app.addHook('onSend', async (request, reply, payload) => {
    const keyed = request.idempotency;
    if (keyed !== null && typeof payload === 'string') {
      request.idempotency = null;
      await idempotency
        .keepRefusal(keyed, { status: reply.statusCode, body: payload })
        .catch((error: unknown) => {
          if (isDiskFull(error)) app.db.diskFull.failed(error);
          else if (!isDatabaseUnavailable(error) && !isDatabaseBusy(error))
            console.error(`${request.method} ${request.url}: its refusal was not kept:`, error);
        });
    }
    return payload;
  });
}
