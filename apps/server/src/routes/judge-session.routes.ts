/**
 * The judge's session (API.md 3.1 login, 3.2): login and its limits (R1, R68–R70c), the judge's
 * own view, the welcome (R3), and the admin's view of the login guard and hold on it (R70c).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import { JudgeReplacedError } from '../errors.js';
import type { CodeLoginCheck } from '../services/judge-session.service.js';
import { authenticatedJudgeId as me } from '../plugins/auth.js';
import { actionRoute, route } from './route.js';

export async function judgeSessionRoutes(app: FastifyInstance): Promise<void> {
  const { judgeSession: session } = app.services;
  // What the limits said of each login before its body was read, and the logins that took one
  // of the guard's attempts; a live link's proof lifts a refusal and takes nothing.
  const checks = new WeakMap<FastifyRequest, CodeLoginCheck>();
  const tookAttempt = new WeakSet<FastifyRequest>();

  route(app, endpoints.judgeLogin, async (request) => ({ token: await session.login(request.body.code) }), {
    beforeBody: async (request) => {
      await session.assertNotBlocked();
      checks.set(request, await session.checkCodeLogin(request.ip));
    },
    beforeValidation: async (request) => {
      if (await session.hasLiveLink(request.body)) return;
      const check = checks.get(request) as CodeLoginCheck;
      if (check.refusal !== undefined) throw check.refusal;
      await session.takeAttempt(check, request.body);
      tookAttempt.add(request);
    },
    // R69: every 400 of a login let through counts as a failed attempt, malformed bodies
    // included; a replaced judge's right code is no guess.
    onError: async (request, error) => {
      if (error.statusCode !== 400 || error instanceof JudgeReplacedError) return;
      if (checks.get(request)?.refusal === undefined)
        await session.recordFailedLogin(request.ip, tookAttempt.has(request));
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
  route(app, endpoints.loginGuard, () => session.guardStatus());
  route(app, endpoints.loginGuardAction, (request) => session.actOnGuard(request.body.action));
  route(app, endpoints.loginProofs, () => session.loginProofs());
}
