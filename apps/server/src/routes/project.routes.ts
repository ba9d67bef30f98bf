/** Project routes: public lists (3.1) and the public list's changes (docs/api-extensions.md), the judge's summary and count (3.2), admin (3.4). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, parseQuery, route, sendSerialized } from './route.js';

export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const { projects } = app.services;

  route(app, endpoints.projectListPublic, async (request, reply) =>
    sendSerialized(
      app,
      endpoints.projectListPublic.response,
      request,
      reply,
      await projects.listPublicJson(),
    ),
  );
  route(app, endpoints.projectListPublicChanges, async (request, reply) => {
    const { since } = parseQuery(endpoints.projectListPublicChanges.query, request.query);
    return sendSerialized(
      app,
      endpoints.projectListPublicChanges.response,
      request,
      reply,
      await projects.publicListChanges(since),
    );
  });
  route(app, endpoints.challenges, () => projects.challenges());
  route(app, endpoints.projectSummary, (request) => projects.summary(request.params.id));

  route(app, endpoints.projectList, async (request, reply) =>
    sendSerialized(app, endpoints.projectList.response, request, reply, await projects.listJson()),
  );
  route(app, endpoints.projectStats, () => projects.stats());
  route(
    app,
    endpoints.projectNew,
    async (request) => ({ ok: 1, id: await projects.create(request.body) }) as const,
  );
  actionRoute(app, endpoints.projectUpdate, (request) => projects.update(request.params.id, request.body));
  actionRoute(app, endpoints.projectDelete, (request) => projects.delete(request.params.id));
  actionRoute(app, endpoints.projectHide, (request) => projects.hide(request.params.id, request.body.hide));
  actionRoute(app, endpoints.projectHideBatch, (request) =>
    projects.hide(request.body.items, request.body.hide),
  );
  actionRoute(app, endpoints.projectPrioritize, (request) =>
    projects.prioritize(request.params.id, request.body.prioritize),
  );
  actionRoute(app, endpoints.projectPrioritizeBatch, (request) =>
    projects.prioritize(request.body.items, request.body.prioritize),
  );
  actionRoute(app, endpoints.projectMove, (request) =>
    projects.moveToTable(request.params.id, request.body.location),
  );
  actionRoute(app, endpoints.projectMoveGroup, (request) =>
    projects.moveToGroup(request.params.id, request.body.group),
  );
  actionRoute(app, endpoints.projectMoveGroupBatch, (request) =>
    projects.moveToGroup(request.body.items, request.body.group),
  );
  actionRoute(app, endpoints.projectReassign, () => projects.reassignTables());
}
