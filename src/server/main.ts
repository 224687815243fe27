/**
 * Reads config, builds the app, seeds an empty database, listens; stops cleanly on SIGTERM. With
 * WEB_CONCURRENCY above 1 this process starts that many shop processes instead (processes.ts).
 */
import cluster from 'node:cluster';
import { existsSync, mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDeps } from './deps';
import { seedOnFirstStart } from './db/seed/seed';
import { webBuildProblem } from './modules/web';
import { DataDirInUseError, holdDataDir, pgToolsProblem, type ControlServer } from './modules/system';
import { processNumber, reportListening, runProcesses } from './processes';
import { announceStart, startFacts } from './startup';

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
  // A development web build cannot be served by a production start: say so before opening anything.
  const buildProblem = webBuildProblem(config.WEB_DIST_DIR, config.NODE_ENV);
  if (buildProblem) {
    console.error(buildProblem);
    process.exit(1);
  }

  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) return runProcesses(config.WEB_CONCURRENCY, config.LOG_FORMAT);

  // The print adapter reports a status name it does not know to the app's log, made just after it.
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  // The embedded database is this process's alone; `npm run backup` asks it for backups (decision 134).
  let control: ControlServer | null = null;
  if (!config.DATABASE_URL) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      control = await holdDataDir(config.DATA_DIR, async () => {
        if (!app?.ctx.backups.enabled)
          throw new Error('Backups are not set up in the running shop: set BACKUP_DIR and start it again.');
        return app.ctx.backups.make('shell');
      });
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  const deps = await createDeps(config, { warn: (details, message) => app?.log.warn(details, message) });
  if (config.BACKUP_DIR && deps.database.kind === 'postgres') {
    const problem = await pgToolsProblem(deps.database, config.BACKUP_PG_BIN_DIR);
    if (problem) {
      console.error(`BACKUP_DIR is set but backups of PostgreSQL cannot be made: ${problem}`);
      process.exit(1);
    }
  }
  app = await buildApp(config, deps, { printWorker: { leaseMs: config.PRINT_SUBMIT_LEASE_SECONDS * 1000 } });
  const { admin } = await seedOnFirstStart(app.ctx);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Long enough for a call to the print partner under way to end (its limit is 30 s) and be
    // recorded: a cut-off submission would need the owner to check it (decision 112).
    const timer = setTimeout(() => process.exit(1), 40_000);
    timer.unref();
    app
      .close()
      .then(() => deps.database.close())
      .then(() => control?.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  reportListening();
  if (processNumber() > 1) {
    app.log.info({ process: processNumber(), of: config.WEB_CONCURRENCY }, 'shop process listening');
    return;
  }
  // Last: the address and the admin's login stand below every start-up line (src/server/startup.ts).
  announceStart(config.LOG_FORMAT, app.log, startFacts(app, admin));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
