/** The organizer's command center (docs/api-extensions.md): progress projection and email status. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { route } from './route.js';

export async function progressRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.adminProgress, () => app.services.progress.progress());
  route(app, endpoints.adminEmail, () => ({ enabled: app.services.mailer.enabled }));
}
