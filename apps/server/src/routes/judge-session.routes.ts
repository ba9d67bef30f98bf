/**
 * The judge's session (API.md 3.1 login, 3.2): login and its limits (R1, R68–R70), the judge's
 * own view, the welcome (R3), and the admin's view of the login guard (R70c).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import { authenticatedJudgeId as me } from '../plugins/auth.js';
import { actionRoute, route } from './route.js';

export async function judgeSessionRoutes(app: FastifyInstance): Promise<void> {
  const { judgeSession: session, loginGuard } = app.services;

  route(app, endpoints.judgeLogin, async (request) => ({ token: await session.login(request.body.code) }), {
    beforeBody: (request) => session.assertLoginAllowed(request.ip),
    // R69: every 400 of a login counts as a failed attempt, malformed bodies included.
    onError: (request, error) => {
      if (error.statusCode === 400) session.recordFailedLogin(request.ip);
    },
  });

  route(app, endpoints.judgeAuth, () => OK);
  route(app, endpoints.judgeSelf, (request) => session.self(me(request)));
  route(
    app,
    endpoints.judgeWelcomeGet,
    async (request) => ({ ok: (await session.readWelcome(me(request))) ? 1 : 0 }) as const,
  );
  actionRoute(app, endpoints.judgeWelcomeAccept, (request) => session.acceptWelcome(me(request)));
  route(app, endpoints.judgeProjects, (request) => session.judgedProjects(me(request)));
  route(app, endpoints.loginGuard, () => loginGuard.status());
}
