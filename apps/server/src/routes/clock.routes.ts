/** The judging clock and deliberation (API.md 3.1, 3.2, 3.5; R38–R42). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route } from './route.js';

export async function clockRoutes(app: FastifyInstance): Promise<void> {
  const { clock, options } = app.services;
  const flag = (on: boolean) => ({ ok: on ? 1 : 0 }) as const;
  const result = async (state: ReturnType<typeof clock.state>) => ({ ok: 1, clock: await state }) as const;

  route(app, endpoints.judgingStarted, async () => flag(await clock.running()));
  route(app, endpoints.adminDeliberation, async () => flag(await options.deliberation()));
  route(app, endpoints.judgeDeliberation, async () => flag(await options.deliberation()));
  route(app, endpoints.clock, () => clock.state());
  route(app, endpoints.clockPause, () => result(clock.pause()));
  route(app, endpoints.clockUnpause, () => result(clock.unpause()));
  route(app, endpoints.clockReset, () => result(clock.reset()));
  route(app, endpoints.clockBackup, () => result(clock.backup(true)));
  actionRoute(app, endpoints.deliberationSet, (request) => clock.setDeliberation(request.body.start));
}
