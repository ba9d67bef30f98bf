/** The audit log (R76). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { route } from './route.js';

export async function logRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.auditLog, () => ({ log: app.services.auditLog.text() }));
}
