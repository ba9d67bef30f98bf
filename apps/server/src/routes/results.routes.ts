/** The Results view and its export (docs/api-extensions.md, "Results and deliberation"). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { attachment, route } from './route.js';

export async function resultsRoutes(app: FastifyInstance): Promise<void> {
  const { results } = app.services;

  route(app, endpoints.adminResults, () => results.results());
  route(app, endpoints.criteriaScores, () => results.criteriaScores());
  route(app, endpoints.exportResults, async (_request, reply) =>
    attachment(reply, 'results.zip', 'application/zip', await results.exportZip()),
  );
}
