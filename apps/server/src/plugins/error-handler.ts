/**
 * The one place errors become responses: exactly `{"error": "<message>"}` with the statuses of
 * API.md 1.3. A write the disk refused is a 503 (the database reports the episode once, see
 * db/disk-full.ts), and so is a database unreachable or busy. Anything unexpected is a 500 whose
 * details go to standard error only.
 */
import { maxHeaderSize, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BAD_REQUEST_MESSAGE,
  BODY_TOO_LARGE_MESSAGE,
  DATABASE_BUSY_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  DISK_FULL_MESSAGE,
  INTERNAL_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  REQUEST_TIMEOUT_MESSAGE,
  requestHeadersTooLarge,
} from '@podium/protocol';
import { isDatabaseBusy, isDatabaseUnavailable, isDiskFull } from '../db/failures.js';
import { DomainError, RateLimitedError } from '../errors.js';

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (headers or URL over
 * `maxHeaderSize`, broken syntax, a timeout) never reaches Fastify, so it is answered here, on
 * the socket, with the same `{"error": ...}` shape: 408 when the headers or the body did not
 * arrive within the time limits (app.ts), 400 (API.md 1.3) otherwise.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const message = timedOut
    ? REQUEST_TIMEOUT_MESSAGE
    : error.code === 'HPE_HEADER_OVERFLOW'
      ? requestHeadersTooLarge(maxHeaderSize / 1024)
      : BAD_REQUEST_MESSAGE;
  const body = JSON.stringify({ error: message });
  socket.end(
    [
      timedOut ? 'HTTP/1.1 408 Request Timeout' : 'HTTP/1.1 400 Bad Request',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/**
 * Fastify's `frameworkErrors`: a path that cannot be percent-decoded (`%ZZ`) matches no route.
 * Under /api and /socket.io, and for other methods, it is the JSON 404 of an unknown route
 * (API.md 1.1). A page address of the web app that cannot be decoded sends the browser home.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code !== 'FST_ERR_BAD_URL') {
    console.error('framework error:', error);
    void reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE });
    return;
  }
  const isApi = /^\/(api|socket\.io)(\/|\?|$)/.test(request.url);
  if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
    void reply.code(404).send({ error: NOT_FOUND_MESSAGE });
  } else {
    void reply.redirect('/');
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A download that fails before its first byte (a streamed export) answers JSON, not a file.
    reply.removeHeader('content-disposition').type('application/json; charset=utf-8');
    // After a 413 the rest of the body is not wanted, and the connection closes after the answer.
    // The body is read to its end (and dropped) first: a client still sending when the server
    // closes gets EPIPE or a reset instead of the answer (curl and scripts that send the whole
    // body before reading did, issue 31; nginx said 502). nginx caps what it sends a little
    // above the limit (deploy/nginx); bodyRead gives up after 10 s.
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      await bodyRead(request.raw);
      reply.header('Connection', 'close');
    }
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
    if (isDatabaseUnavailable(error)) {
      console.error(`${request.method} ${request.url}: database unavailable (${describeCode(error)})`);
      return reply.code(503).send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    if (isDatabaseBusy(error)) {
      console.error(`${request.method} ${request.url}: database busy (${describeCode(error)})`);
      return reply.code(503).send({ error: DATABASE_BUSY_MESSAGE });
    }
    // A client that went away mid-request (or was cut off by the time limits of app.ts) is not a
    // server failure: there is no one to answer and nothing to report. Its socket tells, not the
    // request stream, which Node destroys once a body was read.
    if (!request.raw.socket.destroyed) console.error(`${request.method} ${request.url} failed:`, error);
    return reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE });
  });
}

/** Resolves when the rest of `body` was read (and dropped), or after 10 s at most. */
async function bodyRead(body: IncomingMessage): Promise<void> {
  if (body.readableEnded || body.destroyed) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    body
      .once('end', done)
      .once('close', done)
      .on('data', () => undefined)
      .resume();
  });
}

/** The error's code and message, or its message: enough to tell an outage from a bug in the server log. */
function describeCode(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? `${code}: ${String(message)}` : String(message);
}
