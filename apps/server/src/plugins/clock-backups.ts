/** R40: while `clock_sync` is on and the clock runs, the clock is backed up every 10 minutes. */
import type { FastifyInstance } from 'fastify';
import { CLOCK_BACKUP_INTERVAL_MS } from '@podium/protocol';

export function scheduleClockBackups(app: FastifyInstance): void {
  const timer = setInterval(() => {
    app.services.clock
      .autoBackup()
      .catch((error: unknown) => console.error('automatic clock backup failed', error));
  }, CLOCK_BACKUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
