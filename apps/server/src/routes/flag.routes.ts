/** Flags (API.md 3.5, 4.6) and resolving them (R65). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route } from './route.js';

export async function flagRoutes(app: FastifyInstance): Promise<void> {
  const { flags } = app.services;

  route(app, endpoints.flags, () => flags.list());
  actionRoute(app, endpoints.flagDelete, (request) => flags.delete(request.params.id));
}
