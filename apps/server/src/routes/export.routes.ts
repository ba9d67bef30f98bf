/** CSV and ZIP downloads (R79–R82), streamed as the export worker builds them. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { attachment, route } from './route.js';

const csv = 'text/csv; charset=utf-8';

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { exports } = app.services;

  route(app, endpoints.exportJudges, async (_request, reply) =>
    attachment(reply, 'judges.csv', csv, await exports.open('judges')),
  );
  route(app, endpoints.exportProjects, async (_request, reply) =>
    attachment(reply, 'projects.csv', csv, await exports.open('projects')),
  );
  route(app, endpoints.exportRankings, async (_request, reply) =>
    attachment(reply, 'rankings.csv', csv, await exports.open('rankings')),
  );
  route(app, endpoints.exportChallenges, async (_request, reply) =>
    attachment(reply, 'challenge-projects.zip', 'application/zip', await exports.open('challenges')),
  );
  route(app, endpoints.exportScores, async (_request, reply) =>
    attachment(reply, 'scores.csv', csv, await exports.open('scores')),
  );
}
