/** The judge's routes (API.md 3.1 login, 3.2). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import type { JudgeRow } from '../repositories/judge.repository.js';
import { actionRoute, route } from './route.js';

/** The judge authenticated by the route's auth hook. */
const me = (request: FastifyRequest) => (request.judge as JudgeRow).id;

export async function judgeSessionRoutes(app: FastifyInstance): Promise<void> {
  const { judgeSession: session, judging } = app.services;

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
  route(app, endpoints.projectCount, async (request) => ({ count: await judging.projectCount(me(request)) }));

  route(app, endpoints.judgeNext, (request) => judging.next(me(request)));
  actionRoute(app, endpoints.judgeSkip, (request) => judging.skip(me(request), request.body.reason));
  actionRoute(app, endpoints.judgeFinish, (request) =>
    judging.finish(me(request), request.body.notes, request.body.starred),
  );
  actionRoute(app, endpoints.judgeRank, (request) => judging.rank(me(request), request.body.ranking));
  actionRoute(app, endpoints.judgeStar, (request) =>
    judging.star(me(request), request.params.id, request.body.starred),
  );
  actionRoute(app, endpoints.judgeStarByBody, (request) =>
    judging.star(me(request), request.body.project, request.body.starred),
  );
  actionRoute(app, endpoints.judgeNotes, (request) =>
    judging.notes(me(request), request.params.id, request.body.notes),
  );
  route(app, endpoints.judgeProject, (request) => judging.judgedProject(me(request), request.params.id));
}
