/**
 * Security headers on every page, file and API answer (issue 15 item 3, docs/security.md), set by
 * @fastify/helmet: a Content-Security-Policy that allows scripts and styles from this origin
 * only and no framing, nosniff, no referrer, and a same-origin opener policy. HSTS only when
 * `HSTS=1` says the server is reached over HTTPS. API answers and the built scripts and styles
 * under /assets are never documents (a script runs under its page's policy): they get the
 * strictest policy (nothing may load from or frame them) and go without the headers that only
 * mean something on a page, which were most of the bytes of a judge's small answers (issue 14).
 * The service worker's scripts (/sw.js, /workbox-*.js) keep the page policy: it governs them.
 */
import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A Host header that is a plain host[:port] (anything else gets no websocket source). */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/;

/**
 * socket.io's websocket on this origin. CSP 3 lets 'self' cover ws: and wss: of the same host,
 * but older Safari does not, so the origin is named as well.
 */
function sameOriginWebSockets(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/** An API answer (JSON, CSV, ZIP) or a built file runs nothing as a document; nobody may frame it. */
export const RESOURCE_CSP = "default-src 'none';frame-ancestors 'none'";

/** Helmet's headers that only a document uses (isolation and legacy browser switches). */
const DOCUMENT_ONLY_HEADERS = [
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const isResource = (url: string) => /^\/(api|assets)(\/|\?|$)/.test(url);

export async function registerSecurityHeaders(app: FastifyInstance, hsts: boolean): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // The QR canvas and downloads use data: and blob: URLs; the favicon is a data: URL.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", (request) => sameOriginWebSockets(request as IncomingMessage)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    // Behind plain HTTP, HSTS would be ignored at best; behind HTTPS it is turned on (HSTS=1).
    strictTransportSecurity: hsts ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isResource(request.url)) {
      reply.header('content-security-policy', RESOURCE_CSP);
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    }
    return payload;
  });
}
