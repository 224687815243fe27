/**
 * The owner's reporting (the dashboard's figures) kept apart from the shop's own work, so that
 * however many reports are asked for at once, checkout, webhooks, mail and the print worker still
 * get the database (decision 132):
 *
 * - PostgreSQL: reports run on a pool of their own (DATABASE_REPORTING_POOL_SIZE connections, on
 *   top of DATABASE_POOL_SIZE). A report takes one turn, which is one connection: its statements
 *   run one after another in one read-only snapshot (so its figures agree with each other).
 * - PGlite (one connection, in this process): one report at a time, and one reporting statement
 *   at a time, so a statement of the shop waits for at most one of the report's, not all of them.
 *
 * A report that gets no turn within the wait (the connect timeout: as long as any request waits
 * for a connection) is answered 503 with ReportingBusy's words and a Retry-After, never a 500.
 */
import * as MSG from '@shared/messages';
import { AppError } from '../lib/errors';

/** The answer when every reporting turn stays taken for the whole wait. */
export class ReportingBusy extends AppError {
  constructor(retryAfterSeconds: number) {
    super(503, MSG.reportingBusy, 'REPORTING_BUSY', { retryAfterSeconds });
    this.name = 'ReportingBusy';
  }
}

/** At most `size` pieces of work at once; the others wait their turn, first come first served. */
export class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  /**
   * Runs `work` in a turn. When no turn frees within `waitMs`, `tooLate()` is thrown and `work`
   * never runs.
   */
  async run<T>(
    work: () => Promise<T>,
    waitMs = Infinity,
    tooLate: () => Error = () => new Error('No turn in time.'),
  ): Promise<T> {
    if (this.running < this.size) this.running += 1;
    else await this.turn(waitMs, tooLate);
    try {
      return await work();
    } finally {
      // A waiting piece of work takes this turn over; otherwise it is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** How many run, and how many wait (tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private turn(waitMs: number, tooLate: () => Error): Promise<void> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(take);
      if (Number.isFinite(waitMs)) {
        timer = setTimeout(() => {
          const at = this.waiting.indexOf(take);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(tooLate());
        }, waitMs);
      }
    });
  }
}

/** The turns reports take, with the ReportingBusy answer after `waitMs`. */
export function reportTurns(size: number, waitMs: number) {
  const turns = new Turns(size);
  const busy = () => new ReportingBusy(Math.max(1, Math.ceil(waitMs / 1000)));
  return { turns, run: <T>(work: () => Promise<T>) => turns.run(work, waitMs, busy) };
}

/**
 * A connection as a report sees it: its statements go to the database one at a time. A report
 * sends its statements at once (Promise.all); PGlite runs its queue in order of arrival, so they
 * would all run before an order's next statement, and one node-postgres connection must not be
 * given a second query before the first is answered. Reports only read: no transaction here.
 * `drained()` settles once every statement sent so far has had its answer: a report that failed
 * early (Promise.all rejects at the first error) may still have statements waiting, which must not
 * reach the connection after it is handed back.
 */
export function oneStatementAtATime<C extends { query(...args: never[]): unknown }>(
  client: C,
): { query: C['query']; transaction(): never; drained(): Promise<void> } {
  const statements = new Turns(1);
  return {
    query: ((...args: never[]) => statements.run(async () => client.query(...args))) as C['query'],
    transaction() {
      throw new Error('Reports only read: no transaction on a reporting connection.');
    },
    drained: () => statements.run(async () => {}),
  };
}

/** Runs `work` on a one-at-a-time connection, and answers only once none of its statements is left. */
export async function settledReport<T>(connection: { drained(): Promise<void> }, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await connection.drained();
  }
}
