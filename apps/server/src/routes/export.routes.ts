/** CSV and ZIP downloads (R79–R82), streamed as the export worker builds them. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { attachment, route } from './route.js';

const csv = 'text/csv; charset=utf-8';

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { exports } = app.services;

  route(app, endpoints.exportJudges, (_request, reply) =>
    attachment(reply, 'judges.csv', csv, exports.open('judges')),
  );
  route(app, endpoints.exportProjects, (_request, reply) =>
    attachment(reply, 'projects.csv', csv, exports.open('projects')),
  );
  route(app, endpoints.exportRankings, (_request, reply) =>
    attachment(reply, 'rankings.csv', csv, exports.open('rankings')),
  );
  route(app, endpoints.exportChallenges, (_request, reply) =>
    attachment(reply, 'challenge-projects.zip', 'application/zip', exports.open('challenges')),
  );
}
