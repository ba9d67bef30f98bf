/**
 * CSV imports (R83–R86, R86a, and the dry run of docs/api-extensions.md). Multipart parsing is
 * registered in this plugin only, so every other route keeps the JSON body rules of API.md 1.2.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CSV_DRY_RUN_FIELD,
  CSV_NO_SEND_FIELD,
  CSV_UPDATE_FIELD,
  endpoints,
  isFormFlagOn,
  MAX_BODY_BYTES,
} from '@podium/protocol';
import { CsvReader } from '../io/csv-read-thread.js';
import type { ProjectImportSource } from '../services/project-import.service.js';
import { requestBaseUrl } from './base-url.js';
import { readCsvUpload } from './csv-upload.js';
import { route } from './route.js';

export async function importRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_BODY_BYTES } });
  const { projectImports, judges } = app.services;
  const csvReader = new CsvReader();
  app.addHook('onClose', () => csvReader.close());

  /** Both project routes: the flags are checked before the file's rows are. */
  const importProjects = (source: ProjectImportSource) => async (request: FastifyRequest) => {
    const upload = await readCsvUpload(request, csvReader);
    const update = upload.booleanField(CSV_UPDATE_FIELD);
    const dryRun = upload.booleanField(CSV_DRY_RUN_FIELD);
    const options = { hasHeader: upload.hasHeader, update };
    const rows = await upload.rows();
    return dryRun
      ? projectImports.preview(source, rows, options)
      : projectImports.import(source, rows, options);
  };

  route(app, endpoints.projectCsv, importProjects('csv'));
  route(app, endpoints.projectDevpost, importProjects('devpost'));
  route(app, endpoints.judgeCsv, async (request) => {
    const upload = await readCsvUpload(request, csvReader);
    const count = judges.importCsv(await upload.rows(), {
      hasHeader: upload.hasHeader,
      noSend: isFormFlagOn(upload.fields[CSV_NO_SEND_FIELD]),
      baseUrl: requestBaseUrl(app.config, request),
    });
    return { ok: 1, count, skipped: 0 } as const;
  });
}
