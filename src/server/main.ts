/** Reads config, builds the app, seeds an empty database, listens; stops cleanly on SIGTERM. */
import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDeps } from './deps';
import { seedOnFirstStart } from './db/seed/seed';

async function main(): Promise<void> {
  // A .env file beside package.json, if there is one (variables already set win).
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The print adapter reports a status name it does not know to the app's log, made just after it.
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const deps = await createDeps(config, { warn: (details, message) => app?.log.warn(details, message) });
  app = await buildApp(config, deps);
  await seedOnFirstStart(app.ctx);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10000);
    timer.unref();
    app
      .close()
      .then(() => deps.database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`${config.SHOP_NAME} is open at ${config.PUBLIC_URL} (database: ${deps.database.kind}, mail: ${deps.mail.kind}, payments: ${deps.payments.checkout.name}, printer: ${deps.printPartner.name})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
