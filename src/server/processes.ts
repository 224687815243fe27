/**
 * One shop process per core (WEB_CONCURRENCY, decision 156), with node:cluster: the first process
 * starts alone (it migrates the database and seeds it on a first start), the others once it
 * listens, one after another; they share the port. Nothing one process keeps is needed by another:
 * kept pages and cached answers are dropped on product events (PostgreSQL LISTEN/NOTIFY), rate
 * limits, sessions, outbox, print jobs and backups live in the database and are claimed there.
 *
 * The first process (the cluster's primary) only starts, restarts and stops the others: a process
 * that ends unexpectedly is started again after a second; SIGTERM or SIGINT is passed on, and it
 * exits when they have all stopped.
 */
import cluster, { type Worker } from 'node:cluster';

/** The environment variable that tells a started process its number (1 to WEB_CONCURRENCY). */
export const PROCESS_NUMBER = 'SHOP_PROCESS_NUMBER';

/** The message a shop process sends the primary once it listens. */
export const LISTENING = 'shop:listening';

/** This process's number among the shop's processes: 1 when it runs alone. */
export function processNumber(): number {
  return Number(process.env[PROCESS_NUMBER] ?? 1);
}

/** Tells the primary this process listens (nothing when it runs alone). */
export function reportListening(): void {
  if (cluster.isWorker) process.send?.(LISTENING);
}

/** A line in the shop's log format: a pino-shaped JSON entry, or plain text. */
function logLine(format: 'pretty' | 'json', level: 'info' | 'error', message: string): void {
  const text =
    format === 'json'
      ? JSON.stringify({ level: level === 'info' ? 30 : 50, time: Date.now(), pid: process.pid, msg: message })
      : message;
  (level === 'info' ? process.stdout : process.stderr).write(`${text}\n`);
}

/** Runs `count` shop processes of this same program and waits for them; never returns while they run. */
export function runProcesses(count: number, format: 'pretty' | 'json'): void {
  const workers = new Map<Worker, number>();
  let stopping = false;
  let started = 0;

  const start = (number: number): Worker => {
    const worker = cluster.fork({ [PROCESS_NUMBER]: String(number) });
    workers.set(worker, number);
    let listening = false;
    worker.on('message', (message: unknown) => {
      if (message !== LISTENING || listening) return;
      listening = true;
      if (number > started) {
        started = number;
        if (number < count) start(number + 1);
        else logLine(format, 'info', `${count} shop processes listen on one port (WEB_CONCURRENCY=${count})`);
      }
    });
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) process.exit(0);
        return;
      }
      if (!listening && number > started) {
        // A process that cannot start (configuration, database) will not start when tried again.
        logLine(format, 'error', `shop process ${number} ended before it listened (code ${code}); stopping`);
        stop();
        if (workers.size === 0) process.exit(code || 1);
        return;
      }
      logLine(format, 'error', `shop process ${number} ended (code ${code}, signal ${signal}); starting it again`);
      setTimeout(() => {
        if (!stopping) start(number);
      }, 1000);
    });
    return worker;
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of workers.keys()) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  start(1);
}
