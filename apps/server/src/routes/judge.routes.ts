/** The admin's judge routes (API.md 3.3). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { requestBaseUrl } from './base-url.js';
import { actionRoute, route, sendSerialized } from './route.js';

export async function judgeRoutes(app: FastifyInstance): Promise<void> {
  const { judges, judgePace, judging } = app.services;

  route(app, endpoints.judgeList, async (request, reply) =>
    sendSerialized(app, endpoints.judgeList.response, request, reply, await judges.listJson()),
  );
  route(app, endpoints.judgeStats, () => judges.stats());
  route(app, endpoints.judgeNew, async (request) => {
    const { no_send, ...judge } = request.body;
    const id = await judges.create(judge, { noSend: no_send, baseUrl: requestBaseUrl(app.config, request) });
    return { ok: 1, id } as const;
  });
  actionRoute(app, endpoints.judgeUpdate, (request) => judges.update(request.params.id, request.body));
  actionRoute(app, endpoints.judgeDelete, (request) => judges.delete(request.params.id));
  actionRoute(app, endpoints.judgeHide, (request) => judges.hide(request.params.id, request.body.hide));
  actionRoute(app, endpoints.judgeHideBatch, (request) => judges.hide(request.body.items, request.body.hide));
  actionRoute(app, endpoints.judgeMoveGroup, (request) =>
    judges.moveToGroup(request.params.id, request.body.group),
  );
  actionRoute(app, endpoints.judgeMoveGroupBatch, (request) =>
    judges.moveToGroup(request.body.items, request.body.group),
  );
  actionRoute(app, endpoints.judgeReassign, () => judges.reassignGroups());
  // Replacing a judge, pace and visits (docs/api-extensions.md, issue 24).
  actionRoute(app, endpoints.judgeReplace, (request) =>
    judges.replace(request.params.id, request.body.keep_rankings),
  );
  actionRoute(app, endpoints.judgeReinstate, (request) => judges.reinstate(request.params.id));
  route(app, endpoints.judgesPace, () => judgePace.pace());
  route(app, endpoints.judgeVisits, (request) => judgePace.visits(request.params.id));
  route(app, endpoints.judgeScoresAdmin, (request) => judging.scoresForAdmin(request.params.id));
  // The organizer's correction (docs/api-extensions.md, issue 35).
  actionRoute(app, endpoints.judgeViewRemove, (request) =>
    judges.removeView(request.params.id, request.params.project),
  );
}
