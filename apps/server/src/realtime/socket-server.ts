/**
 * socket.io on the Fastify HTTP server (API.md 6.1): handshake authentication, rooms, and the
 * broadcaster fed with the outbox's rows by the relay. Clients send nothing; the server ignores
 * any event.
 */
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  ADMIN_ROOM,
  ADMIN_USER,
  PUBLIC_ROOM,
  SOCKET_RATE_LIMITED,
  SEQ_HEADER,
  SOCKET_UNAUTHORIZED,
  SOCKET_UNAVAILABLE,
  judgeRoom,
  teamRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketAuth,
} from '@podium/protocol';
import { RateLimitedError, UnauthorizedError } from '../errors.js';
import { adminSessionRoom, Broadcaster, JUDGES_ROOM, type PodiumServer } from './broadcaster.js';
import { OutboxRelay } from './outbox-relay.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: PodiumServer;
  }
}

/**
 * The client IP of a handshake, as HTTP requests see it (R70): the socket's address, or with
 * TRUST_PROXY the rightmost X-Forwarded-For address.
 */
export function handshakeIp(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const header = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  if (trustProxy && header) {
    const last = header.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return socket.handshake.address;
}

/** The handshake's `since` (docs/api-extensions.md), when it is a usable one. */
function sinceOf(auth: SocketAuth): number | undefined {
  const { since } = auth;
  return Number.isSafeInteger(since) && (since as number) >= 0 ? since : undefined;
}

/** How often admin sockets are checked for an expired session. */
const SESSION_EXPIRY_CHECK_MS = 1000;

/** `now`: the app's time source, by which the relay keeps the outbox short and sessions expire. */
export function registerSocketServer(app: FastifyInstance, now: () => number): void {
  const io: PodiumServer = new Server(app.server, { serveClient: false });
  const { services } = app;
  const broadcaster = new Broadcaster(io, {
    clock: () => services.clock.state(),
    deliberation: () => services.options.deliberation(),
    stats: () => services.stats.overall(),
    loginGuard: () => services.judgeSession.guardStatus(),
    teamPages: (codes) => services.teams.fingerprints(codes),
    committedSeq: () => app.db.outbox.last(),
  });
  const relay = new OutboxRelay(app.db, (rows) => broadcaster.deliver(rows), now);
  app.addHook('onReady', () => relay.start());

  /** Admin sockets opened with a session, and when it expires: closed then (R70b's 24 hours). */
  const sessionExpiries = new Map<Socket<ClientToServerEvents, ServerToClientEvents>, number>();
  const expiryChecks = setInterval(() => {
    const time = now();
    for (const [socket, expiresAt] of sessionExpiries) if (time >= expiresAt) socket.disconnect(true);
  }, SESSION_EXPIRY_CHECK_MS);
  expiryChecks.unref();

  /** Puts a connecting socket in the rooms its credentials open, or refuses it. */
  async function admit(
    socket: Socket<ClientToServerEvents, ServerToClientEvents>,
    next: (error?: Error) => void,
  ): Promise<void> {
    const auth = (socket.handshake.auth ?? {}) as SocketAuth;
    const ip = handshakeIp(socket, app.config.trustProxy);
    // A page that read from an instance further on: read as far before joining any room, so
    // that nothing it already shows comes again live.
    const since = sinceOf(auth);
    if (since !== undefined) await relay.readUpTo(since);
    if (auth.admin_password !== undefined) {
      if ((await services.adminAuth.retryAfterSeconds(ip)) > 0) return next(new Error(SOCKET_RATE_LIMITED));
      const ok =
        typeof auth.admin_password === 'string' &&
        (await services.adminAuth.verify(ADMIN_USER, auth.admin_password, ip));
      if (!ok) return next(new Error(SOCKET_UNAUTHORIZED));
      void socket.join(ADMIN_ROOM);
      // A session's sockets close when it is revoked (logout) or expires; the password's stay.
      const session = await services.adminSessions.socketSession(auth.admin_password);
      if (session !== undefined) {
        void socket.join(adminSessionRoom(session.digest));
        sessionExpiries.set(socket, session.expiresAt);
        socket.once('disconnect', () => sessionExpiries.delete(socket));
      }
      return next();
    }
    if (auth.token !== undefined) {
      try {
        if (typeof auth.token !== 'string' || auth.token.trim() === '')
          throw new UnauthorizedError('empty token');
        const judge = await services.judgeAuth.authenticate(auth.token.trim());
        void socket.join([judgeRoom(judge.id), JUDGES_ROOM]);
        return next();
      } catch (error) {
        // Only a token that opens nothing is refused; a failure to check it is not (below).
        if (!(error instanceof UnauthorizedError)) throw error;
        return next(new Error(SOCKET_UNAUTHORIZED));
      }
    }
    if (auth.team !== undefined) {
      // A team's status page (issue 24): the room of its code, guarded like the HTTP routes.
      await services.teams.assertNotGuessing(ip, auth.team);
      if (typeof auth.team !== 'string' || !(await services.teams.opens(auth.team))) {
        await services.teams.recordWrongCode(ip);
        return next(new Error(SOCKET_UNAUTHORIZED));
      }
      const room = teamRoom(auth.team);
      await broadcaster.followTeam(auth.team, () => void socket.join(room));
      return next();
    }
    void socket.join(PUBLIC_ROOM);
    return next();
  }

  // A failure to check (the database unreachable) turns the socket down as `unavailable`, not
  // `unauthorized`: clients take that refusal as final (issue 32) and retry this one.
  io.use((socket, next) => {
    admit(socket, next).catch((error: unknown) => {
      // The admin guard's 429 (services/login-guard.ts) refuses a password like R70a's limit.
      if (error instanceof RateLimitedError) return next(new Error(SOCKET_RATE_LIMITED));
      console.error('socket admission failed:', error instanceof Error ? error.message : error);
      next(new Error(SOCKET_UNAVAILABLE));
    });
  });

  app.decorate('io', io);

  // Catching up at the first connect (docs/api-extensions.md): a read answers the last `seq`
  // this instance read before it began (its change is committed, so in the answer), and a socket
  // that says which `seq` its page shows gets what came after. Taken before the handler reads
  // anything, so a change in the answer is never newer.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.startsWith('/api/')) {
      reply.header(SEQ_HEADER, String(relay.lastSeq));
    }
  });
  io.on('connection', (socket) => {
    const auth = (socket.handshake.auth ?? {}) as SocketAuth;
    const since = sinceOf(auth);
    if (since === undefined) return;
    const { startSeq, lastSeq } = relay;
    broadcaster.catchUp(socket, since, startSeq, lastSeq);
    // A team's status page (admitted in its code's room): a change its base took in silently.
    if (typeof auth.team === 'string' && socket.rooms.has(teamRoom(auth.team))) {
      void broadcaster.catchUpTeam(socket, auth.team, since, startSeq, lastSeq);
    }
  });

  // Sockets are closed before Fastify closes the HTTP server, so open websockets cannot hold it;
  // the relay and the broadcaster stop reading before the database closes (onClose).
  app.addHook('preClose', async () => {
    clearInterval(expiryChecks);
    await relay.close();
    await broadcaster.close();
    io.disconnectSockets(true);
    io.engine.close();
  });
}
