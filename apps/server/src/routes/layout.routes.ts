/** The hall layout (R92); its CSV import sits with the other imports (import.routes.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route } from './route.js';

export async function layoutRoutes(app: FastifyInstance): Promise<void> {
  const { layout } = app.services;
  route(app, endpoints.layoutPublic, () => layout.get());
  route(app, endpoints.layoutGet, () => layout.get());
  route(app, endpoints.layoutPlanGet, () => layout.plan());
  actionRoute(app, endpoints.layoutReplace, (request) =>
    layout.replace(request.body.tables, request.body.plan),
  );
}
