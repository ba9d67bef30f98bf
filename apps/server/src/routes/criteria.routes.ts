/** Criteria (docs/api-extensions.md "Criteria", issue 34): the organizer's, and the judges' copy. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route } from './route.js';

export async function criteriaRoutes(app: FastifyInstance): Promise<void> {
  const { criteria } = app.services;

  route(app, endpoints.judgeCriteria, () => criteria.list());
  route(app, endpoints.criteria, () => criteria.list());
  route(app, endpoints.criterionNew, (request) => criteria.add(request.body));
  route(app, endpoints.criterionUpdate, (request) => criteria.update(request.params.id, request.body));
  actionRoute(app, endpoints.criterionDelete, (request) => criteria.remove(request.params.id));
  actionRoute(app, endpoints.criteriaOrder, (request) => criteria.order(request.body.ids));
}
