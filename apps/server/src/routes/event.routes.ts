/** The heartbeat and the event's name (API.md 3.1): public, and no service to call. */
import type { FastifyInstance } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import { route } from './route.js';

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.heartbeat, () => OK);
  route(app, endpoints.eventInfo, () => ({ name: app.config.eventName }));
}
