/**
 * Authentication hooks per access level (API.md §2). They run at `onRequest`, after routing and
 * before the body is read, which gives the contract's check order (1.3): 404, 429 (admin limit),
 * 401, then body errors.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ADMIN_AUTH_ERRORS, JUDGE_AUTH_ERRORS, type AuthLevel } from '@podium/protocol';
import { UnauthorizedError } from '../errors.js';
import type { JudgeRow } from '../repositories/judge.repository.js';
import type { Services } from '../services/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated judge on judge routes. */
    judge: JudgeRow | null;
  }
}

/** The judge a judge route works for: its auth hook set it before the handler runs. */
export function authenticatedJudgeId(request: FastifyRequest): string {
  return (request.judge as JudgeRow).id;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `Basic <base64>` → user and password, split at the FIRST colon (2.2 rows 1–4). */
export function parseBasicAuthorization(header: string | undefined): { user: string; password: string } {
  if (header === undefined || header === '') throw new UnauthorizedError(ADMIN_AUTH_ERRORS.missing);
  const match = /^basic(?: (.*))?$/is.exec(header);
  if (!match) throw new UnauthorizedError(ADMIN_AUTH_ERRORS.format);
  const encoded = (match[1] ?? '').trim();
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) {
    throw new UnauthorizedError(ADMIN_AUTH_ERRORS.base64);
  }
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new UnauthorizedError(ADMIN_AUTH_ERRORS.format);
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** `Bearer <token>` → the trimmed token (2.1 rows 1–3). */
export function parseBearerAuthorization(header: string | undefined): string {
  if (header === undefined || header === '') throw new UnauthorizedError(JUDGE_AUTH_ERRORS.missing);
  // Node trims trailing spaces from header values, so a bare "Bearer" is a token-less header.
  const match = /^bearer(?: (.*))?$/is.exec(header);
  if (!match) throw new UnauthorizedError(JUDGE_AUTH_ERRORS.format);
  const token = (match[1] ?? '').trim();
  if (token === '') throw new UnauthorizedError(JUDGE_AUTH_ERRORS.emptyToken);
  return token;
}

/** The onRequest hook that enforces `level`, or none for public routes. */
export function authHook(level: AuthLevel, services: Services): onRequestAsyncHookHandler | undefined {
  switch (level) {
    case 'none':
      return undefined;
    case 'judge':
      return async (request: FastifyRequest) => {
        request.judge = await services.judgeAuth.authenticate(
          parseBearerAuthorization(request.headers.authorization),
        );
      };
    case 'admin':
      return async (request: FastifyRequest) => {
        await services.adminAuth.assertNotLimited(request.ip);
        const { user, password } = parseBasicAuthorization(request.headers.authorization);
        if (!(await services.adminAuth.verify(user, password, request.ip))) {
          throw new UnauthorizedError(ADMIN_AUTH_ERRORS.credentials);
        }
      };
  }
}
