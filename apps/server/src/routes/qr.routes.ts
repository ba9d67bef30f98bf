/** QR codes and judge self-add (API.md 3.6). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { requestOrigin } from './base-url.js';
import { actionRoute, route } from './route.js';

export async function qrRoutes(app: FastifyInstance): Promise<void> {
  const { qr } = app.services;
  const flag = (ok: boolean) => ({ ok: ok ? 1 : 0 }) as const;

  route(app, endpoints.qrGet, () => qr.get(''));
  route(app, endpoints.qrGenerate, (request) => qr.generate('', requestOrigin(request)));
  route(app, endpoints.qrTrackGet, (request) => qr.get(request.params.track));
  route(app, endpoints.qrTrackGenerate, (request) =>
    qr.generate(request.params.track, requestOrigin(request)),
  );
  route(app, endpoints.qrCheck, async (request) => flag(await qr.check(request.body.code, '')));
  route(app, endpoints.qrCheckTrack, async (request) =>
    flag(await qr.check(request.body.code, request.params.track)),
  );
  actionRoute(app, endpoints.qrAdd, (request) => qr.selfAdd(request.body));
  route(app, endpoints.qrAddCode, (request) => qr.selfAddWithCode(request.body));
}
