/**
 * Entry point: read the configuration, build the app, listen, and shut down gracefully on
 * SIGTERM/SIGINT (in-flight requests finish, the database closes cleanly).
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { insecurePublicUrlWarning, loadConfig } from './config.js';

/** A shutdown that takes longer than this is forced, so a stuck client cannot block a restart. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env, (password, file) => {
    console.log(`Generated admin password (stored in ${file}): ${password}`);
  });
  const warning = insecurePublicUrlWarning(config.publicUrl);
  if (warning) console.error(warning);

  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Podium is running at http://${shownHost}:${port} (data in ${config.dataDir})`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
