/**
 * Backups that run by themselves (issue 31, decision 134).
 *
 * - **Making one.** The database's consistent copy (database.ts), the local image originals, and
 *   a manifest, written to `.shop-backup-….tar.partial` in BACKUP_DIR, read back and checked
 *   (archive.ts), then renamed to `shop-backup-<time>-<id>.tar`. A write that fails (a full disk)
 *   removes the partial file and leaves every earlier backup as it was. Only after a verified
 *   backup are the oldest beyond BACKUP_KEEP deleted.
 * - **By itself.** Every instance looks every few minutes; the one that moves the schedule's
 *   `backup_next_at` (app_settings) forward in one statement makes the backup: two instances
 *   never both take the same turn. A failure moves the next try to within the hour.
 * - **Told.** A failure is logged, kept as `backup_last_failure` and mailed to the owner
 *   (SHOP_EMAIL); the dashboard shows the last good backup, late when older than twice the interval.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { BackupFile, BackupList, BackupMade, BackupManifest } from '@shared/contracts/dashboard';
import type { AppContext } from '../../../context';
import { appSettings } from '../../../db/schema';
import { enqueueMail, renderMail } from '../../mail';
import { readManifest, verifyArchive, writeArchive } from './archive';
import { copyPglite, copyPostgres, type DatabaseCopy } from './database';
import { shopVersion } from './version';

export const BACKUP_FILE = /^shop-backup-[0-9TZ-]+-[0-9a-f]{8}\.tar$/;
const NEXT_AT = 'backup_next_at';
const LAST_FAILURE = 'backup_last_failure';
/** How often an instance looks whether a backup is due (at most; less with a shorter interval). */
const LOOK_EVERY_MS = 5 * 60 * 1000;
/** A partial file this old was left by a stop mid-backup (any instance's), and is removed. */
const PARTIAL_STALE_MS = 24 * 3600 * 1000;

/** Opening the file a backup is written to; a test passes one whose writes fail (a full disk). */
export type OpenForWrite = (file: string) => ReturnType<typeof open>;

export class BackupInProgressError extends Error {}

export interface BackupOptions {
  openForWrite?: OpenForWrite;
}

export function backupFileName(at: Date): string {
  return `shop-backup-${at
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z')}-${randomBytes(4).toString('hex')}.tar`;
}

const everyMs = (hours: number) => hours * 3600 * 1000;

export class Backups {
  private running: Promise<BackupMade> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  /** Manifests already read, by file name, size and time: a backup file never changes once named. */
  private readonly manifests = new Map<string, BackupManifest>();

  constructor(
    private readonly ctx: () => AppContext,
    private readonly options: BackupOptions = {},
  ) {}

  get enabled(): boolean {
    return Boolean(this.ctx().config.BACKUP_DIR);
  }

  start(): void {
    const { config } = this.ctx();
    if (!config.BACKUP_DIR || !config.BACKUP_EVERY_HOURS) return;
    const every = Math.min(LOOK_EVERY_MS, everyMs(config.BACKUP_EVERY_HOURS) / 4);
    this.timer = setInterval(() => void this.runIfDue(), every);
    this.timer.unref();
    void this.runIfDue();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([this.looking, this.running]);
  }

  /**
   * Makes a backup when this instance wins the turn that is due; answers whether it did. The
   * turn is taken by moving `backup_next_at` forward only where it has passed (one statement).
   */
  runIfDue(): Promise<void> {
    if (this.looking) return this.looking;
    this.looking = (async () => {
      const ctx = this.ctx();
      const hours = ctx.config.BACKUP_EVERY_HOURS;
      if (!hours || this.running) return;
      const next = new Date(Date.now() + everyMs(hours)).toISOString();
      const claimed = await ctx.database.db
        .insert(appSettings)
        .values({ key: NEXT_AT, value: next })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: next },
          where: sql`${appSettings.value}::timestamptz <= now()`,
        })
        .returning({ key: appSettings.key });
      if (claimed.length === 0) return;
      await this.make('schedule').catch(async () => {
        // Tried again within the hour (or the interval, when shorter), not a whole interval later.
        const retry = new Date(Date.now() + Math.min(everyMs(hours), 3600 * 1000)).toISOString();
        await ctx.database.db.update(appSettings).set({ value: retry }).where(eq(appSettings.key, NEXT_AT));
      });
    })()
      .catch((error: unknown) => this.ctx().log.warn({ err: error }, 'could not check whether a backup is due'))
      .finally(() => {
        this.looking = null;
      });
    return this.looking;
  }

  /** Makes a backup now. Throws BackupInProgressError while one is being made here. */
  make(trigger: 'schedule' | 'owner' | 'shell'): Promise<BackupMade> {
    if (this.running)
      return Promise.reject(new BackupInProgressError('A backup is being made now; wait for it to finish.'));
    this.running = this.makeOne(trigger).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async makeOne(trigger: string): Promise<BackupMade> {
    const ctx = this.ctx();
    const dir = ctx.config.BACKUP_DIR!;
    const started = Date.now();
    const createdAt = new Date();
    const name = backupFileName(createdAt);
    const partial = path.join(dir, `.${name}.partial`);
    let copy: DatabaseCopy | null = null;
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await this.removeStalePartials(dir);
      copy =
        ctx.database.kind === 'pglite'
          ? await copyPglite(ctx.database)
          : await copyPostgres(ctx.database, ctx.config.BACKUP_PG_BIN_DIR, path.join(dir, `.${name}.pgdump.partial`));
      const file = await (this.options.openForWrite ?? ((target) => open(target, 'wx', 0o600)))(partial);
      let manifest: BackupManifest;
      try {
        manifest = await writeArchive(file, {
          database: copy,
          imagesRoot: ctx.images.kind === 'local' ? (ctx.images.root ?? null) : null,
          createdAt,
          shopVersion: shopVersion(),
          kind: ctx.database.kind,
        });
      } finally {
        await file.close();
      }
      const verified = await verifyArchive(partial);
      if (verified.checksum !== manifest.checksum)
        throw new Error('the file read back is not the backup that was written');
      const target = path.join(dir, name);
      await rename(partial, target);
      // A verified backup ends the warning of the last failure, whatever the two clocks' times say.
      await ctx.database.db.delete(appSettings).where(eq(appSettings.key, LAST_FAILURE));
      const { size } = await stat(target);
      await this.prune(dir);
      ctx.log.info(
        {
          file: name,
          bytes: size,
          ms: Date.now() - started,
          pausedMs: copy.pausedMs,
          trigger,
          counts: manifest.counts,
        },
        'backup made and verified',
      );
      return { message: 'Backup made and verified.', file: name, bytes: size, manifest };
    } catch (error) {
      await rm(partial, { force: true }).catch(() => {});
      await this.reportFailure(ctx, error as Error, trigger);
      throw error;
    } finally {
      await copy?.dispose().catch(() => {});
    }
  }

  private async reportFailure(ctx: AppContext, error: Error, trigger: string) {
    const at = new Date().toISOString();
    const problem = (error.message || String(error)).slice(0, 500);
    ctx.log.error({ err: error, trigger }, 'backup failed');
    try {
      const last = (await this.list()).last_good_at;
      const mail = await renderMail('backupFailed', { problem, at, lastGoodAt: last }, ctx.config);
      await ctx.database.db.transaction(async (tx) => {
        const value = JSON.stringify({ at, message: problem });
        await tx
          .insert(appSettings)
          .values({ key: LAST_FAILURE, value })
          .onConflictDoUpdate({ target: appSettings.key, set: { value } });
        await enqueueMail(tx, { to: ctx.config.SHOP_EMAIL, ...mail });
      });
      void ctx.mailWorker.kick();
    } catch (report) {
      ctx.log.error({ err: report }, 'the owner could not be told of a failed backup');
    }
  }

  /** Removes the oldest verified backups beyond BACKUP_KEEP (only ever after a new one was verified). */
  private async prune(dir: string) {
    const keep = this.ctx().config.BACKUP_KEEP;
    const names = (await readdir(dir)).filter((name) => BACKUP_FILE.test(name)).sort();
    for (const name of names.slice(0, Math.max(0, names.length - keep)))
      await rm(path.join(dir, name), { force: true });
  }

  private async removeStalePartials(dir: string) {
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.partial')) continue;
      const file = path.join(dir, name);
      const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
      if (Date.now() - mtimeMs > PARTIAL_STALE_MS) await rm(file, { force: true });
    }
  }

  /** The backups in BACKUP_DIR, newest first, and the schedule's state. */
  async list(): Promise<BackupList> {
    const { config, database } = this.ctx();
    const dir = config.BACKUP_DIR;
    const backups: BackupFile[] = [];
    if (dir) {
      const names = (await readdir(dir).catch(() => [] as string[]))
        .filter((name) => BACKUP_FILE.test(name))
        .sort()
        .reverse();
      for (const name of names) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        const bytes = info?.size ?? 0;
        const key = `${name}:${bytes}:${info?.mtimeMs ?? 0}`;
        try {
          const manifest = this.manifests.get(key) ?? (await readManifest(file));
          this.manifests.set(key, manifest);
          backups.push({ file: name, bytes, verified: true, problem: null, manifest });
        } catch (error) {
          backups.push({ file: name, bytes, verified: false, problem: (error as Error).message, manifest: null });
        }
      }
    }
    // Forget the manifests of files that are gone (deleted by BACKUP_KEEP, or by hand).
    const present = new Set(backups.map((backup) => backup.file));
    for (const key of this.manifests.keys()) if (!present.has(key.split(':')[0]!)) this.manifests.delete(key);
    const good = backups.find((backup) => backup.verified && backup.manifest);
    const lastGoodAt = good?.manifest?.created_at ?? null;
    const [failureRow] = await database.db.select().from(appSettings).where(eq(appSettings.key, LAST_FAILURE));
    const failure = failureRow ? (JSON.parse(failureRow.value) as { at: string; message: string }) : null;
    const interval = config.BACKUP_EVERY_HOURS;
    return {
      enabled: Boolean(dir),
      every_hours: dir ? (interval ?? null) : null,
      keep: dir ? config.BACKUP_KEEP : null,
      last_good_at: lastGoodAt,
      overdue:
        Boolean(dir) &&
        (!lastGoodAt || (Boolean(interval) && Date.now() - Date.parse(lastGoodAt) > 2 * everyMs(interval!))),
      last_failure: failure && (!lastGoodAt || Date.parse(failure.at) > Date.parse(lastGoodAt)) ? failure : null,
      running: this.running !== null,
      backups,
    };
  }
}
