/** Feedback for the teams (docs/api-extensions.md "Feedback for the team", issue 35): the organizer's. */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route } from './route.js';

export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const { feedback } = app.services;

  route(app, endpoints.feedback, () => feedback.list());
  actionRoute(app, endpoints.feedbackHidden, (request) =>
    feedback.setHidden(request.params.judge, request.params.project, request.body.hidden),
  );
}
