/**
 * socket.io on the Fastify HTTP server (API.md 6.1): handshake authentication, rooms, and the
 * broadcaster fed by committed transactions. Clients send nothing; the server ignores any event.
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
  judgeRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketAuth,
} from '@podium/protocol';
import { UnauthorizedError } from '../errors.js';
import { adminSessionRoom, Broadcaster, JUDGES_ROOM, type PodiumServer } from './broadcaster.js';

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

export function registerSocketServer(app: FastifyInstance): void {
  const io: PodiumServer = new Server(app.server, { serveClient: false });
  const { services } = app;

  /** Puts a connecting socket in the rooms its credentials open, or refuses it. */
  async function admit(
    socket: Socket<ClientToServerEvents, ServerToClientEvents>,
    next: (error?: Error) => void,
  ): Promise<void> {
    const auth = (socket.handshake.auth ?? {}) as SocketAuth;
    const ip = handshakeIp(socket, app.config.trustProxy);
    if (auth.admin_password !== undefined) {
      if (services.adminAuth.retryAfterSeconds(ip) > 0) return next(new Error(SOCKET_RATE_LIMITED));
      const ok =
        typeof auth.admin_password === 'string' &&
        (await services.adminAuth.verify(ADMIN_USER, auth.admin_password, ip));
      if (!ok) return next(new Error(SOCKET_UNAUTHORIZED));
      void socket.join(ADMIN_ROOM);
      // A session's sockets close when it is revoked (logout); the password's stay.
      const session = await services.adminSessions.sessionDigest(auth.admin_password);
      if (session !== undefined) void socket.join(adminSessionRoom(session));
      return next();
    }
    if (auth.token !== undefined) {
      try {
        if (typeof auth.token !== 'string' || auth.token.trim() === '')
          throw new UnauthorizedError('empty token');
        const judge = await services.judgeAuth.authenticate(auth.token.trim());
        void socket.join([judgeRoom(judge.id), JUDGES_ROOM]);
        return next();
      } catch {
        return next(new Error(SOCKET_UNAUTHORIZED));
      }
    }
    void socket.join(PUBLIC_ROOM);
    return next();
  }

  // A failure to check (the database unreachable) refuses the socket; it never goes unhandled.
  io.use((socket, next) => {
    admit(socket, next).catch((error: unknown) => {
      console.error('socket admission failed:', error instanceof Error ? error.message : error);
      next(new Error(SOCKET_UNAUTHORIZED));
    });
  });

  const broadcaster = new Broadcaster(io, {
    clock: () => services.clock.state(),
    deliberation: () => services.options.deliberation(),
    stats: () => services.stats.overall(),
    loginGuard: () => services.loginGuard.status(),
  });
  app.db.onCommit((events) => broadcaster.publish(events));
  app.decorate('io', io);

  // Catching up at the first connect (docs/api-extensions.md): a read answers the last `seq`
  // emitted before it began, and a socket that says which `seq` its page shows gets what came
  // after. Taken before the handler reads anything, so a change in the answer is never newer.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' && request.url.startsWith('/api/')) {
      reply.header(SEQ_HEADER, String(broadcaster.lastSeq()));
    }
  });
  io.on('connection', (socket) => {
    const { since } = (socket.handshake.auth ?? {}) as SocketAuth;
    if (Number.isSafeInteger(since) && (since as number) >= 0) broadcaster.catchUp(socket, since as number);
  });

  // Sockets are closed before Fastify closes the HTTP server, so open websockets cannot hold it.
  app.addHook('preClose', async () => {
    await broadcaster.close();
    io.disconnectSockets(true);
    io.engine.close();
  });
}
