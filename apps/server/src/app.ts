/**
 * buildApp(config): the whole server as a Fastify instance, without listening. Tests use it with
 * `app.inject` or `listen({ port: 0 })`; main.ts serves it.
 */
import { maxHeaderSize } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_BODY_BYTES } from '@podium/protocol';
import { ADMIN_PASSWORD_FILE, DATABASE_FILE, type Config } from './config.js';
import type { Database } from './db/database.js';
import { isDiskFull } from './db/failures.js';
import { openEventDatabase } from './event-file/start.js';
import { registerBodyParsing } from './plugins/body-parsing.js';
import { registerCompression } from './plugins/compression.js';
import { registerEntityTags } from './plugins/entity-tags.js';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/error-handler.js';
import { registerIdempotency } from './plugins/idempotency.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';
import { adminAuthRoutes } from './routes/admin-auth.routes.js';
import { auditLogRoutes } from './routes/audit-log.routes.js';
import { backupRoutes } from './routes/backup.routes.js';
import { clockRoutes } from './routes/clock.routes.js';
import { registerSocketServer } from './realtime/socket-server.js';
import { eventRoutes } from './routes/event.routes.js';
import { exportRoutes } from './routes/export.routes.js';
import { feedbackRoutes } from './routes/feedback.routes.js';
import { flagRoutes } from './routes/flag.routes.js';
import { importRoutes } from './routes/import.routes.js';
import { judgeSessionRoutes } from './routes/judge-session.routes.js';
import { judgeRoutes } from './routes/judge.routes.js';
import { conflictRoutes } from './routes/conflict.routes.js';
import { criteriaRoutes } from './routes/criteria.routes.js';
import { judgingRoutes } from './routes/judging.routes.js';
import { layoutRoutes } from './routes/layout.routes.js';
import { optionsRoutes } from './routes/options.routes.js';
import { progressRoutes } from './routes/progress.routes.js';
import { projectRoutes } from './routes/project.routes.js';
import { qrRoutes } from './routes/qr.routes.js';
import { resetRoutes } from './routes/reset.routes.js';
import { resultsRoutes } from './routes/results.routes.js';
import { statsRoutes } from './routes/stats.routes.js';
import { teamRoutes } from './routes/team.routes.js';
import { IN_PLACE_LIMITS, type InPlaceLimits } from './services/in-place.js';
import { createServices, type Services } from './services/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    services: Services;
    /** Validate every success body against its protocol schema (tests). */
    checkResponses: boolean;
  }
}

export interface AppOptions {
  /** Time source in epoch ms (tests inject one). */
  now?: () => number;
  /** Folder of the built web app; `null` serves none (API-only tests). */
  webRoot?: string | null;
  /** Check every success body against its protocol schema (tests turn it on). */
  checkResponses?: boolean;
  /** HTTP time limits (tests shorten them). */
  timeouts?: Partial<HttpTimeouts>;
  /** What runs without a worker (tests set 0 to exercise the import and export workers). */
  inPlace?: Partial<InPlaceLimits>;
  /** Shows the admin password generated at the first start on PostgreSQL (R97), once. */
  announceAdminPassword?: (password: string) => void;
}

/**
 * How long a client may take. Node's defaults let a body trickle in forever (requestTimeout 0
 * in Fastify): a handful of such clients hold sockets and memory and delay every stop.
 * Long-polling is unaffected: these bound receiving a request, and socket.io answers a poll
 * within its 25 s ping interval; websockets leave the HTTP timers when they upgrade.
 */
export interface HttpTimeouts {
  /** Whole request, headers and body, received (408 and closed after): a 10 MB CSV at ~170 KB/s. */
  requestMs: number;
  /** Request headers received. */
  headersMs: number;
  /** A socket with no traffic either way (a client that stopped reading its answer). */
  idleMs: number;
  /** How often Node checks the request and header limits (its default is 30 s). */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestMs: 60_000,
  headersMs: 15_000,
  idleMs: 120_000,
  checkIntervalMs: 1_000,
};

/** The built web app beside this package: apps/web/dist. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const db: Database =
    config.databaseUrl === undefined
      ? await openEventDatabase(join(config.dataDir, DATABASE_FILE), {
          earlierStartEvidence: [join(config.dataDir, ADMIN_PASSWORD_FILE)],
        })
      : // Loaded only here: on SQLite the PostgreSQL driver stays unloaded (~10 MB).
        await (await import('./db/postgres.js')).openPostgres(config.databaseUrl);

  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: false,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    bodyLimit: MAX_BODY_BYTES,
    // Trust exactly one hop (the proxy in front): the client is the rightmost X-Forwarded-For
    // address (R70), and X-Forwarded-Proto/Host are honoured (R75).
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    exposeHeadRoutes: false,
    // A parameter may be as long as the request line allows (a long track name is no 414).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: maxHeaderSize },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate(
    'services',
    createServices({ db, config, now, inPlace: { ...IN_PLACE_LIMITS, ...options.inPlace } }),
  );
  // Started here, not in createServices: starting writes to the database, building does not.
  await app.services.adminSessions.start(options.announceAdminPassword ?? (() => {}));
  await app.services.loginLinks.start();
  // R70: a restart of the SQLite server clears the login limiters; PostgreSQL's are the
  // deployment's, which an instance's restart keeps (R96).
  if (db.engine === 'sqlite') await app.services.loginGuards.clearCounts();
  app.decorate('checkResponses', options.checkResponses ?? false);
  app.decorateRequest('judge', null);
  app.addHook('onClose', async () => {
    // Timers write to the event: they stop (and give the timer lock to another instance) first.
    await app.services.timers.close();
    // Closing the mailer ends retry waits and logs what could not go out; the log needs the database.
    await app.services.mailer.close();
    await app.services.exports.close();
    await app.services.imports.close();
    await db.close();
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config.hsts);
  registerIdempotency(app); // before the body parsing: a replay answers before the body is parsed
  registerBodyParsing(app);
  registerEntityTags(app);
  await registerCompression(app); // before the routes and the web app: it hooks the routes declared after it
  // While an import commits on the worker's connection, writes wait here instead of on SQLite's
  // lock, which would stall the event loop (services/write-gate.ts). GETs only read.
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET') await app.services.writeGate.whenOpen();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      reply.header('Cache-Control', 'no-store');
    }
  });

  await app.register(eventRoutes);
  await app.register(adminAuthRoutes);
  await app.register(auditLogRoutes);
  await app.register(projectRoutes);
  await app.register(judgeRoutes);
  await app.register(conflictRoutes);
  await app.register(criteriaRoutes);
  await app.register(judgeSessionRoutes);
  await app.register(judgingRoutes);
  await app.register(qrRoutes);
  await app.register(importRoutes);
  await app.register(exportRoutes);
  await app.register(optionsRoutes);
  await app.register(clockRoutes);
  await app.register(statsRoutes);
  await app.register(flagRoutes);
  await app.register(resetRoutes);
  await app.register(backupRoutes);
  await app.register(layoutRoutes);
  await app.register(resultsRoutes);
  await app.register(progressRoutes);
  await app.register(teamRoutes);
  await app.register(feedbackRoutes);
  await registerWebApp(app, options.webRoot === null ? undefined : (options.webRoot ?? DEFAULT_WEB_ROOT));

  registerSocketServer(app, now);
  await logStart(db, app.services);
  await app.services.timers.start();
  return app;
}

/** `Server started` (R77); on a full disk the server starts anyway, to serve reads (503 on writes). */
async function logStart(db: Database, services: Services): Promise<void> {
  try {
    await db.transaction(() => services.auditLog.system('Server started'));
  } catch (error) {
    if (!isDiskFull(error)) throw error;
  }
}
