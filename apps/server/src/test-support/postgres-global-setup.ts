/**
 * Vitest global setup: one throwaway PostgreSQL server per `vitest run` (postgres-server.ts), its URL
 * handed to every test file in PODIUM_TEST_POSTGRES_URL, stopped and deleted when the run ends.
 *
 * The setup runs in vitest's main process before any test worker starts, and workers inherit its
 * environment, so setting process.env here reaches every test file.
 *
 * PODIUM_TEST_POSTGRES=off starts nothing (test files then see no URL). A PODIUM_TEST_POSTGRES_URL
 * already set (a server of your own) is used as it is.
 */
import { startPostgres, TEST_POSTGRES_URL_ENV } from './postgres-server.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.PODIUM_TEST_POSTGRES === 'off') {
    delete process.env[TEST_POSTGRES_URL_ENV];
    return undefined;
  }
  if (process.env[TEST_POSTGRES_URL_ENV]) return undefined;
  const server = await startPostgres();
  process.env[TEST_POSTGRES_URL_ENV] = server.url;
  return async () => {
    delete process.env[TEST_POSTGRES_URL_ENV];
    await server.stop();
  };
}
