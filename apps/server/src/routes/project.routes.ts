/** Project routes: public lists (3.1), the judge's summary and count (3.2), admin (3.4). */
import type { FastifyInstance } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import { route } from './route.js';

export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const { projects } = app.services;

  route(app, endpoints.projectListPublic, () => projects.listPublic());
  route(app, endpoints.challenges, () => projects.challenges());
  route(app, endpoints.projectSummary, (request) => projects.summary(request.params.id));

  route(app, endpoints.projectList, () => projects.list());
  route(app, endpoints.projectStats, () => projects.stats());
  route(app, endpoints.projectNew, (request) => ({ ok: 1, id: projects.create(request.body) }) as const);
  route(app, endpoints.projectUpdate, (request) => {
    projects.update(request.params.id, request.body);
    return OK;
  });
  route(app, endpoints.projectDelete, (request) => {
    projects.delete(request.params.id);
    return OK;
  });
  route(app, endpoints.projectHide, (request) => {
    projects.hide(request.params.id, request.body.hide);
    return OK;
  });
  route(app, endpoints.projectHideBatch, (request) => {
    projects.hide(request.body.items, request.body.hide);
    return OK;
  });
  route(app, endpoints.projectPrioritize, (request) => {
    projects.prioritize(request.params.id, request.body.prioritize);
    return OK;
  });
  route(app, endpoints.projectPrioritizeBatch, (request) => {
    projects.prioritize(request.body.items, request.body.prioritize);
    return OK;
  });
  route(app, endpoints.projectMove, (request) => {
    projects.moveToTable(request.params.id, request.body.location);
    return OK;
  });
  route(app, endpoints.projectMoveGroup, (request) => {
    projects.moveToGroup(request.params.id, request.body.group);
    return OK;
  });
  route(app, endpoints.projectMoveGroupBatch, (request) => {
    projects.moveToGroup(request.body.items, request.body.group);
    return OK;
  });
  route(app, endpoints.projectReassign, () => {
    projects.reassignTables();
    return OK;
  });
}
