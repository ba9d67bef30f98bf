/** CSV and ZIP downloads (R79–R82). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints } from '@podium/protocol';
import { route } from './route.js';

function attachment(
  reply: FastifyReply,
  filename: string,
  type: string,
  body: string | Buffer,
): FastifyReply {
  return reply
    .header('Content-Type', type)
    .header('Content-Disposition', `attachment; filename=${filename}`)
    .send(body);
}

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
