/**
 * The heartbeat and the event's name (API.md 3.1), the health check, and the base of printed
 * links: no service to call. The health check reads the database's revision counters, the
 * cheapest read there is, so a container platform sees an instance whose database is away (503,
 * the error handler's).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints, OK } from '@podium/protocol';
import { requestBaseUrl } from './base-url.js';
import { route } from './route.js';

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.heartbeat, () => OK);
  route(app, endpoints.eventInfo, () => ({ name: app.config.eventName }));
  route(app, endpoints.health, async () => {
    await app.db.revisionKey(['projects']);
    return OK;
  });
  route(app, endpoints.publicLinks, (request) => ({ base_url: requestBaseUrl(app.config, request) }));
}
