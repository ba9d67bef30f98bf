/** The audit log (R76), whole or by pages (docs/api-storage.md). */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { SerializedJson } from '../util/serialized-json.js';
import { parseQuery, route, sendSerialized } from './route.js';

export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  const { auditLog } = app.services;

  route(app, endpoints.auditLog, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (Object.keys(query).length === 0) {
      return reply.type('application/json; charset=utf-8').send(Readable.from(auditLog.logJson()));
    }
    const page = await auditLog.page(parseQuery(endpoints.auditLog.query, query));
    return sendSerialized(app, endpoints.auditLog.queryResponse, request, reply, SerializedJson.of(page));
  });
}
