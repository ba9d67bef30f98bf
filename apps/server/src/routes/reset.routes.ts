/** `POST /admin/reset` (API.md 3.5; R66, R67). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute } from './route.js';

export async function resetRoutes(app: FastifyInstance): Promise<void> {
  const { resets } = app.services;

  actionRoute(app, endpoints.reset, (request) => resets.reset(request.body.type));
}
