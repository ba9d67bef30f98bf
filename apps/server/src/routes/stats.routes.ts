/** The admin's statistics (API.md 3.5; R35, R36). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { route } from './route.js';

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const { stats } = app.services;

  route(app, endpoints.adminStats, () => stats.overall());
  route(app, endpoints.adminTrackStats, (request) => stats.track(request.params.track));
}
