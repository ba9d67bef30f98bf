/**
 * CSV imports (R83–R86, R86a, and the dry run of docs/api-extensions.md). Multipart parsing is
 * registered in this plugin only, so every other route keeps the JSON body rules of API.md 1.2.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CSV_DRY_RUN_FIELD,
  CSV_NO_SEND_FIELD,
  CSV_SKIP_EXISTING_FIELD,
  CSV_UPDATE_FIELD,
  endpoints,
  isFormFlagOn,
  MAX_BODY_BYTES,
} from '@podium/protocol';
import type { ProjectImportSource } from '../services/import/project-importer.js';
import { requestBaseUrl } from './base-url.js';
import { readCsvUpload } from './csv-upload.js';
import { route } from './route.js';

export async function importRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_BODY_BYTES } });
  const { imports } = app.services;

  /** Both project routes: the flags are checked before the file's rows are. */
  const importProjects =
    (source: ProjectImportSource) => async (request: FastifyRequest, reply: FastifyReply) => {
      const form = await readCsvUpload(request, imports);
      const update = form.booleanField(CSV_UPDATE_FIELD);
      const dryRun = form.booleanField(CSV_DRY_RUN_FIELD);
      const wanted = { source, hasHeader: form.hasHeader, update };
      if (!dryRun) return imports.importProjects(form.upload, wanted);
      return reply
        .type('application/json; charset=utf-8')
        .send(await imports.previewProjects(form.upload, wanted));
    };

  route(app, endpoints.projectCsv, importProjects('csv'));
  route(app, endpoints.projectDevpost, importProjects('devpost'));
  route(app, endpoints.judgeCsv, async (request) => {
    const form = await readCsvUpload(request, imports);
    const skipExisting = form.booleanField(CSV_SKIP_EXISTING_FIELD);
    if (form.booleanField(CSV_DRY_RUN_FIELD)) {
      return imports.previewJudges(form.upload, { hasHeader: form.hasHeader, skipExisting });
    }
    const { added, existing } = await imports.importJudges(form.upload, {
      hasHeader: form.hasHeader,
      noSend: isFormFlagOn(form.fields[CSV_NO_SEND_FIELD]),
      baseUrl: requestBaseUrl(app.config, request),
      skipExisting,
    });
    // Without the flag, exactly R83's answer (API.md 1.3).
    const counts = { ok: 1, count: added, skipped: 0 } as const;
    return skipExisting ? { ...counts, existing } : counts;
  });
  route(app, endpoints.layoutCsv, async (request) => {
    const form = await readCsvUpload(request, imports);
    return { ok: 1, count: await imports.importLayout(form.upload, { hasHeader: form.hasHeader }) } as const;
  });
}
