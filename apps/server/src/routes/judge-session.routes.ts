/**
 * The judge's session (API.md 3.1 login, 3.2): login and its limits (R1, R68–R70c), the judge's
 * own view, the welcome (R3), and the admin's view of the login guard and hold on it (R70c).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import type { RateLimitedError } from '../errors.js';
import { authenticatedJudgeId as me } from '../plugins/auth.js';
import { actionRoute, route } from './route.js';

export async function judgeSessionRoutes(app: FastifyInstance): Promise<void> {
  const { judgeSession: session } = app.services;
  // A login refused by the guard or R69 before its body was read; its link's proof may lift it.
  const refusals = new WeakMap<FastifyRequest, RateLimitedError>();

  route(app, endpoints.judgeLogin, async (request) => ({ token: await session.login(request.body.code) }), {
    beforeBody: async (request) => {
      await session.assertNotBlocked();
      const refusal = await session.codeLoginRefusal(request.ip);
      if (refusal !== undefined) refusals.set(request, refusal);
    },
    beforeValidation: (request) => {
      const refusal = refusals.get(request);
      if (refusal !== undefined && !session.hasLinkProof(request.body)) throw refusal;
    },
    // R69: every 400 of a login let through counts as a failed attempt, malformed bodies included.
    onError: async (request, error) => {
      if (error.statusCode === 400 && !refusals.has(request)) await session.recordFailedLogin(request.ip);
    },
  });

  route(app, endpoints.judgeAuth, () => OK);
  const selfWork = session.workPlans.self;
  route(app, endpoints.judgeSelf, (request) => session.self(me(request)), { work: selfWork });
  route(
    app,
    endpoints.judgeWelcomeGet,
    async (request) => ({ ok: (await session.readWelcome(me(request))) ? 1 : 0 }) as const,
  );
  actionRoute(app, endpoints.judgeWelcomeAccept, (request) => session.acceptWelcome(me(request)));
  route(app, endpoints.judgeProjects, (request) => session.judgedProjects(me(request)), {
    work: selfWork,
  });
  route(app, endpoints.loginGuard, () => session.guardStatus());
  route(app, endpoints.loginGuardAction, (request) => session.actOnGuard(request.body.action));
  route(app, endpoints.loginProofs, () => session.loginProofs());
}
