/**
 * A job that one instance runs every period (decisions 134, 146): every instance looks every
 * `lookEveryMs`; the one that moves the job's `<key>` (app_settings) a period forward in one
 * statement runs it, so two instances never take the same turn. A failed run is tried again at the
 * next look. The job itself must be safe to run twice (a crash after its work, before the next turn).
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { appSettings } from '../../db/schema';

export interface ElectedJobOptions {
  /** The app_settings key holding the next turn's instant. */
  key: string;
  /** How long a turn lasts. */
  everyMs: number;
  /** How often each instance looks whether a turn is due (and retries a failed run). */
  lookEveryMs: number;
  /** Named in the log when a run fails. */
  name: string;
  run: (ctx: AppContext) => Promise<unknown>;
}

export class ElectedJob {
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<boolean> | null = null;

  constructor(
    private readonly ctx: () => AppContext,
    private readonly options: ElectedJobOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runIfDue(), this.options.lookEveryMs);
    this.timer.unref();
    void this.runIfDue();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.looking;
  }

  /** Runs the job when this instance wins the turn that is due; answers whether it ran. */
  runIfDue(): Promise<boolean> {
    if (this.looking) return this.looking;
    const { key, everyMs, lookEveryMs, name, run } = this.options;
    this.looking = (async () => {
      const ctx = this.ctx();
      const next = new Date(Date.now() + everyMs).toISOString();
      const claimed = await ctx.database.db
        .insert(appSettings)
        .values({ key, value: next })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: next },
          where: sql`${appSettings.value}::timestamptz <= now()`,
        })
        .returning({ key: appSettings.key });
      if (claimed.length === 0) return false;
      try {
        await run(ctx);
      } catch (error) {
        const retry = new Date(Date.now() + lookEveryMs).toISOString();
        await ctx.database.db.update(appSettings).set({ value: retry }).where(eq(appSettings.key, key));
        throw error;
      }
      return true;
    })()
      .catch((error: unknown) => {
        this.ctx().log.warn({ err: error }, `${name} failed; it is tried again at the next look`);
        return false;
      })
      .finally(() => {
        this.looking = null;
      });
    return this.looking;
  }
}
