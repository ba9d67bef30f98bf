/** `GET /admin/backup`: the live database as a download (docs/operations.md). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { BACKUP_CONTENT_TYPE } from '../services/backup.service.js';
import { attachment, route } from './route.js';

export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const { backups } = app.services;

  route(app, endpoints.adminBackup, async (_request, reply) => {
    const { filename, content } = await backups.download();
    return attachment(reply, filename, BACKUP_CONTENT_TYPE, content);
  });
}
