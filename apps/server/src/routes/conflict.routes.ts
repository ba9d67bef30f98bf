/**
 * Conflicts of interest declared by the organizer (docs/api-extensions.md, issue 24), and the
 * organizer refusing those a judge says (issue 31).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { route } from './route.js';

export async function conflictRoutes(app: FastifyInstance): Promise<void> {
  const { conflicts } = app.services;

  route(app, endpoints.judgeConflicts, (request) => conflicts.ofJudge(request.params.id));
  route(app, endpoints.judgeConflictsSet, (request) =>
    conflicts.set(request.params.id, request.body.projects),
  );
  route(app, endpoints.judgeSaidConflictsRefuse, (request) =>
    conflicts.refuseSaid(request.params.id, request.body.refuse),
  );
}
