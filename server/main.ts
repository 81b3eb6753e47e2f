import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { app, serverOptions } from './app.ts';
import { DEMO_ACCOUNT, ensureDemoAccount } from './auth/demo.ts';
import { assertSendersConfigured, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

/** Boots the reference exchange: config, database, app, listen; closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    // The bundle lives in dist/server; the built client beside it in dist/client.
    const clientDir = fileURLToPath(new URL('../client', import.meta.url));
    config = loadConfig({ CLIENT_DIR: clientDir, ...process.env });
    assertSendersConfigured(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`tickstream: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const db = await openDatabase(config.dataDir);
  if (!config.production) await ensureDemoAccount(db, Date.now());

  const server = Fastify(serverOptions(config));
  await server.register(app, {
    config,
    db,
    // A failed commit leaves memory ahead of the disk; stopping at once lets the next start recover from the disk.
    onFatal: () => process.exit(70),
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    server
      .close()
      .then(() => db.destroy())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          server.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Tickstream is running at http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    `  data folder: ${config.dataDir}`,
  ];
  if (!config.production) lines.push(`  demo login:  ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`tickstream: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`tickstream: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
