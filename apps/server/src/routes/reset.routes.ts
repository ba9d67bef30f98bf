/** `POST /admin/reset` (API.md 3.5; R66, R67), and the copies a reset keeps first (docs/api-extensions.md). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route } from './route.js';

export async function resetRoutes(app: FastifyInstance): Promise<void> {
  const { resets, backups } = app.services;

  actionRoute(app, endpoints.reset, (request) => resets.reset(request.body.type));
  route(app, endpoints.resetCopies, () => backups.keptCopies());
  actionRoute(app, endpoints.putBackCopy, (request) => resets.putBack(request.body.name));
}
