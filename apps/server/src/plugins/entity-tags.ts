/**
 * ETag and 304 on the lists clients poll. API answers carry `Cache-Control: no-store`, so a
 * browser never revalidates on its own: the web app sends `If-None-Match` with the tag of the
 * copy it holds, and a match is answered 304 with the same ETag and no body. A route may set
 * the tag itself (the public list keeps its tag with its cached JSON); otherwise it is the hash
 * of the serialised answer. The audit log is streamed (it can be 300k lines), so it carries none;
 * its paged form is what a screen should poll.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints, type Endpoint } from '@podium/protocol';
import { entityTag } from '../util/entity-tag.js';

const TAGGED: ReadonlySet<Endpoint> = new Set<Endpoint>([
  endpoints.projectListPublic,
  endpoints.challenges,
  endpoints.projectList,
  endpoints.judgeList,
  endpoints.flags,
]);

/** If-None-Match compares weakly (RFC 9110 13.1.2): `W/` is ignored; `*` matches any tag. */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === tag;
  });
}

/** Registered before the compression: its hook reads the answer's JSON text. */
export function registerEntityTags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint === undefined || !TAGGED.has(endpoint)) return payload;
    // Lists a service serialised once per write arrive as a shared Buffer.
    if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload)))
      return payload;
    const tag = String(reply.getHeader('etag') ?? entityTag(payload));
    reply.header('ETag', tag);
    if (!matches(request.headers['if-none-match'], tag)) return payload;
    reply.code(304).removeHeader('content-type');
    return null;
  });
}
