/**
 * The daily retention job's schedule (issue 28, decision 146): every instance looks every hour;
 * the one that moves `retention_next_at` (app_settings) a day forward in one statement runs the
 * job (flows/apply-retention.ts, through ctx.flows), as backups elect their instance
 * (decision 134). Two instances never both take the same day's turn, and the job itself is safe
 * to run twice. A failed run is tried again within the hour.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { appSettings } from '../../db/schema';

const NEXT_AT = 'retention_next_at';
const LOOK_EVERY_MS = 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export class Retention {
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<boolean> | null = null;

  constructor(private readonly ctx: () => AppContext) {}

  start(): void {
    this.timer = setInterval(() => void this.runIfDue(), LOOK_EVERY_MS);
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
    this.looking = (async () => {
      const ctx = this.ctx();
      const next = new Date(Date.now() + DAY_MS).toISOString();
      const claimed = await ctx.database.db
        .insert(appSettings)
        .values({ key: NEXT_AT, value: next })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: next },
          where: sql`${appSettings.value}::timestamptz <= now()`,
        })
        .returning({ key: appSettings.key });
      if (claimed.length === 0) return false;
      try {
        await ctx.flows.applyRetention(ctx);
      } catch (error) {
        const retry = new Date(Date.now() + LOOK_EVERY_MS).toISOString();
        await ctx.database.db.update(appSettings).set({ value: retry }).where(eq(appSettings.key, NEXT_AT));
        throw error;
      }
      return true;
    })()
      .catch((error: unknown) => {
        this.ctx().log.warn({ err: error }, 'the retention job failed; it is tried again within the hour');
        return false;
      })
      .finally(() => {
        this.looking = null;
      });
    return this.looking;
  }
}
