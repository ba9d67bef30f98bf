/** Judging (API.md 3.2, 5.2–5.5): next project, skip and flag, finish, rank, star, notes; undo (issue 35). */
import type { FastifyInstance } from 'fastify';
import { OK, endpoints } from '@podium/protocol';
import { authenticatedJudgeId as me } from '../plugins/auth.js';
import { actionRoute, route } from './route.js';

export async function judgingRoutes(app: FastifyInstance): Promise<void> {
  const { judging } = app.services;

  route(app, endpoints.projectCount, async (request) => ({ count: await judging.projectCount(me(request)) }));
  route(app, endpoints.judgeNext, (request) => judging.next(me(request)));
  actionRoute(app, endpoints.judgeSkip, (request) =>
    judging.skip(me(request), request.body.reason, request.body.project_id),
  );
  actionRoute(app, endpoints.judgeFinish, (request) => judging.finish(me(request), request.body));
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
  route(app, endpoints.judgeScores, (request) => judging.scoresOf(me(request)));
  actionRoute(app, endpoints.judgeScoresSet, (request) =>
    judging.setScores(me(request), request.params.id, request.body.scores, request.body.scales),
  );
  route(app, endpoints.judgeVisitEnd, (request) => judging.visitEnd(me(request), request.params.id));
  route(app, endpoints.judgeUndoable, (request) => judging.undoable(me(request)));
  route(app, endpoints.judgeUndo, async (request) => ({
    ...OK,
    ...(await judging.undo(me(request), request.body.project_id, request.body.at)),
  }));
}
