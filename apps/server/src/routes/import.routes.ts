/**
 * CSV imports (R83–R86, R86a, and the dry run of docs/api-extensions.md). Multipart parsing is
 * registered in this plugin only, so every other route keeps the JSON body rules of API.md 1.2.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CSV_DRY_RUN_FIELD,
  CSV_NO_SEND_FIELD,
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
  const { projectImports, judges, layout, imports } = app.services;

  /** Both project routes: the flags are checked before the file's rows are. */
  const importProjects =
    (source: ProjectImportSource) => async (request: FastifyRequest, reply: FastifyReply) => {
      const upload = await readCsvUpload(request, imports);
      const update = upload.booleanField(CSV_UPDATE_FIELD);
      const dryRun = upload.booleanField(CSV_DRY_RUN_FIELD);
      const wanted = { source, hasHeader: upload.hasHeader, update };
      if (!dryRun) return projectImports.import(upload.job, wanted);
      return reply
        .type('application/json; charset=utf-8')
        .send(await projectImports.preview(upload.job, wanted));
    };

  route(app, endpoints.projectCsv, importProjects('csv'));
  route(app, endpoints.projectDevpost, importProjects('devpost'));
  route(app, endpoints.judgeCsv, async (request) => {
    const upload = await readCsvUpload(request, imports);
    if (upload.booleanField(CSV_DRY_RUN_FIELD)) {
      return judges.previewCsv(await upload.job.rows(), { hasHeader: upload.hasHeader });
    }
    const count = await judges.importCsv(await upload.job.rows(), {
      hasHeader: upload.hasHeader,
      noSend: isFormFlagOn(upload.fields[CSV_NO_SEND_FIELD]),
      baseUrl: requestBaseUrl(app.config, request),
    });
    return { ok: 1, count, skipped: 0 } as const;
  });
  route(app, endpoints.layoutCsv, async (request) => {
    const upload = await readCsvUpload(request, imports);
    return {
      ok: 1,
      count: await layout.importCsv(await upload.job.rows(), { hasHeader: upload.hasHeader }),
    } as const;
  });
}
