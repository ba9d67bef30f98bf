/** The admin's statistics, flags and resets (API.md 3.5; R35, R36, R65–R67). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route } from './route.js';

export async function adminEventRoutes(app: FastifyInstance): Promise<void> {
  const { stats, flags, resets } = app.services;

  route(app, endpoints.adminStats, () => stats.overall());
  route(app, endpoints.adminTrackStats, (request) => stats.track(request.params.track));
  route(app, endpoints.flags, () => flags.list());
  actionRoute(app, endpoints.flagDelete, (request) => flags.delete(request.params.id));
  actionRoute(app, endpoints.reset, (request) => resets.reset(request.body.type));
}
