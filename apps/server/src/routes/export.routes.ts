/** CSV and ZIP downloads (R79–R82). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { attachment, route } from './route.js';

const csv = 'text/csv; charset=utf-8';

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { exports } = app.services;

  route(app, endpoints.exportJudges, (_request, reply) =>
    attachment(reply, 'judges.csv', csv, exports.judgesCsv()),
  );
  route(app, endpoints.exportProjects, (_request, reply) =>
    attachment(reply, 'projects.csv', csv, exports.projectsCsv()),
  );
  route(app, endpoints.exportRankings, (_request, reply) =>
    attachment(reply, 'rankings.csv', csv, exports.rankingsCsv()),
  );
  route(app, endpoints.exportChallenges, async (_request, reply) =>
    attachment(reply, 'challenge-projects.zip', 'application/zip', await exports.challengesZip()),
  );
}
