/** Teams (issue 24, docs/api-extensions.md "Teams"): status page, alert, table cards, floor view. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route, type RouteOptions } from './route.js';

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const { teams } = app.services;
  // The public routes: an address that keeps trying wrong codes is refused their answer, so
  // scanning for codes costs a minute per few tries (on top of 128 bits to guess); valid codes
  // from the same address are answered.
  const guarded: RouteOptions = {
    beforeBody: (request: FastifyRequest) =>
      teams.assertNotGuessing(request.ip, (request.params as { code?: unknown }).code),
    onError: async (request, error) => {
      // Their one 404 is a code that opens no page.
      if (error.statusCode === 404) await teams.recordWrongCode(request.ip);
    },
  };

  route(app, endpoints.teamStatus, (request) => teams.status(request.params.code), guarded);
  route(app, endpoints.teamAlert, (request) => teams.raiseAlert(request.params.code), guarded);
  route(app, endpoints.teamCodes, () => teams.codes());
  route(app, endpoints.teamCodeRegenerate, (request) => teams.regenerate(request.params.id));
  route(app, endpoints.teamFloor, () => teams.floor());
  actionRoute(app, endpoints.teamAlertDismiss, (request) => teams.dismiss(request.params.id));
}
