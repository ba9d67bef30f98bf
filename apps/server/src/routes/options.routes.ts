/** Settings routes (API.md 3.1 group info; 3.5 options, in a later part). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { route } from './route.js';

export async function optionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.groupInfo, () => app.services.options.groupInfo());
}
