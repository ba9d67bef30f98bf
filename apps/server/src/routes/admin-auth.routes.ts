/** Admin login, sessions and logout (API.md 2.2, 3.1, 3.3, R70a, R70b). */
import type { FastifyInstance } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import { parseBasicAuthorization } from '../plugins/auth.js';
import { route } from './route.js';

export async function adminAuthRoutes(app: FastifyInstance): Promise<void> {
  const { adminAuth } = app.services;

  route(
    app,
    endpoints.adminLogin,
    async (request) => {
      await adminAuth.login(request.body.password, request.ip);
      return OK;
    },
    { beforeBody: (request) => adminAuth.assertNotLimited(request.ip) },
  );
  route(
    app,
    endpoints.adminSession,
    async (request) => ({ session: await adminAuth.openSession(request.body.password, request.ip) }),
    { beforeBody: (request) => adminAuth.assertNotLimited(request.ip) },
  );
  route(app, endpoints.adminAuth, () => OK);
  route(app, endpoints.adminLogout, async (request) => {
    // The auth hook accepted this header moments ago: its secret is the password or a session.
    await adminAuth.logout(parseBasicAuthorization(request.headers.authorization).password);
    return OK;
  });
}
