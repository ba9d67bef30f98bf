/** Settings (API.md 3.5), the group info of the expo (3.1) and the judge's timer (3.2). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { actionRoute, route } from './route.js';

export async function optionsRoutes(app: FastifyInstance): Promise<void> {
  const { options } = app.services;

  route(app, endpoints.groupInfo, () => options.groupInfo());
  route(app, endpoints.judgeTimer, async () => ({ judging_timer: await options.judgingTimer() }));
  route(app, endpoints.options, () => options.get());
  actionRoute(app, endpoints.optionsUpdate, (request) => options.update(request.body));
  actionRoute(app, endpoints.tracksSet, (request) => options.setTracks(request.body.tracks));
  actionRoute(app, endpoints.trackViewsSet, (request) => options.setTrackViews(request.body.track_views));
  actionRoute(app, endpoints.numGroupsSet, (request) => options.setNumGroups(request.body.num_groups));
  actionRoute(app, endpoints.groupSizesSet, (request) => options.setGroupSizes(request.body.group_sizes));
  actionRoute(app, endpoints.blockReqsSet, (request) => options.setBlockRequests(request.body.block_reqs));
  actionRoute(app, endpoints.maxReqsSet, (request) => options.setMaxRequests(request.body.max_req_per_min));
  actionRoute(app, endpoints.groupSwap, () => options.swapGroups());
}
