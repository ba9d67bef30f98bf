/** `GET /admin/backup`: the live database as a download (docs/operations.md). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@podium/protocol';
import { BACKUP_CONTENT_TYPE, BackupService } from '../services/backup.service.js';
import { route } from './route.js';

export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const backups = new BackupService(app.db, app.services.auditLog);

  route(app, endpoints.adminBackup, async (_request, reply) => {
    const { filename, content } = await backups.download();
    return reply
      .header('Content-Type', BACKUP_CONTENT_TYPE)
      .header('Content-Disposition', `attachment; filename=${filename}`)
      .send(content);
  });
}
