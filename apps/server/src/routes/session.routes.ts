/** Heartbeat, event name, and the admin session (API.md 3.1, 3.3). */
import type { FastifyInstance } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import { route } from './route.js';

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { adminAuth } = app.services;

  route(app, endpoints.heartbeat, () => OK);
  route(app, endpoints.eventInfo, () => ({ name: app.config.eventName }));

  route(
    app,
    endpoints.adminLogin,
    (request) => {
      adminAuth.login(request.body.password, request.ip);
      return OK;
    },
    { beforeBody: (request) => adminAuth.assertNotLimited(request.ip) },
  );
  route(app, endpoints.adminAuth, () => OK);
  route(app, endpoints.loginGuard, () => app.services.loginGuard.status());
}
