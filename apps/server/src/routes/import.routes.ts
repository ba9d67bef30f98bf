/**
 * CSV imports (R83–R86). Multipart parsing is registered in this plugin only, so every other
 * route keeps the JSON body rules of API.md 1.2.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  CSV_HEADER_FIELDS,
  CSV_NO_SEND_FIELD,
  endpoints,
  isFormFlagOn,
  MAX_BODY_BYTES,
} from '@podium/protocol';
import { requestBaseUrl } from './base-url.js';
import { readCsvUpload, type CsvUpload } from './csv-upload.js';
import { route } from './route.js';

const hasHeader = ({ fields }: CsvUpload) => CSV_HEADER_FIELDS.some((name) => isFormFlagOn(fields[name]));

export async function importRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_BODY_BYTES } });
  const { projects, judges, layout } = app.services;

  route(app, endpoints.projectCsv, async (request) => {
    const upload = await readCsvUpload(request);
    return { ok: 1, ...projects.importCsv(upload.data, { hasHeader: hasHeader(upload) }) } as const;
  });
  route(app, endpoints.projectDevpost, async (request) => {
    const upload = await readCsvUpload(request);
    return { ok: 1, ...projects.importDevpost(upload.data) } as const;
  });
  route(app, endpoints.judgeCsv, async (request) => {
    const upload = await readCsvUpload(request);
    const count = judges.importCsv(upload.data, {
      hasHeader: hasHeader(upload),
      noSend: isFormFlagOn(upload.fields[CSV_NO_SEND_FIELD]),
      baseUrl: requestBaseUrl(app.config, request),
    });
    return { ok: 1, count, skipped: 0 } as const;
  });
  route(app, endpoints.layoutCsv, async (request) => {
    const upload = await readCsvUpload(request);
    return { ok: 1, count: layout.importCsv(upload.data, { hasHeader: hasHeader(upload) }) } as const;
  });
}
