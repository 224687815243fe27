/**
 * The owner's backups (issue 31, decision 134): the line in "Needs you now" (the last good backup,
 * a warning when there is none or it is older than twice the interval, or the last attempt failed)
 * and the Backups panel: "Back up now" and every backup kept, with whether it was verified.
 */
import type { BackupList } from '@shared/contracts/dashboard';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/api';
import { useBackUpNow, useBackups } from './api';
import page from '../../../styles/admin.module.css';
import styles from './Dashboard.module.css';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
const formatWhen = (iso: string) => when.format(new Date(iso));
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** The attention line's words, and whether it is a warning. */
export function backupState(list: BackupList): { warn: boolean; text: string } {
  if (!list.enabled) return { warn: true, text: 'Backups are off: set BACKUP_DIR (see the README).' };
  const last = list.last_good_at ? `Last good backup: ${formatWhen(list.last_good_at)}` : 'No backup has been made yet';
  if (list.last_failure)
    return {
      warn: true,
      text: `${last}. The last try failed (${formatWhen(list.last_failure.at)}): ${list.last_failure.message}`,
    };
  if (list.overdue && list.last_good_at)
    return { warn: true, text: `${last}: older than twice the interval (${list.every_hours} hours).` };
  if (list.overdue) return { warn: true, text: `${last}.` };
  return { warn: false, text: `${last}.` };
}

/** The backup line of "Needs you now". */
export function BackupAttention() {
  const backups = useBackups();
  if (!backups.data) return null;
  const { warn, text } = backupState(backups.data);
  return (
    <li className={warn ? styles.attentionOn : undefined} data-testid="backup-attention">
      <div className={styles.attentionHead}>
        <span className={styles.statusCount} aria-hidden="true">
          {warn ? '!' : '✓'}
        </span>
        <span>Backups</span>
        <a href="#dashboard-backups" className={styles.seeAll}>
          Open Backups
        </a>
      </div>
      <p className={warn ? styles.problem : styles.muted}>{text}</p>
    </li>
  );
}

export function Backups() {
  const backups = useBackups();
  const backUp = useBackUpNow();
  const list = backups.data;
  return (
    <section className={page.panel} aria-labelledby="dashboard-backups" id="dashboard-backups">
      <div className={styles.backupsHead}>
        <h3 id="dashboard-backups">Backups</h3>
        {list?.enabled && (
          <Button onClick={() => backUp.mutate()} disabled={backUp.isPending || list.running}>
            {backUp.isPending ? 'Backing up…' : 'Back up now'}
          </Button>
        )}
      </div>
      <div role="status" aria-live="polite">
        {backUp.isSuccess && (
          <p className={`${page.alert} ${page.success}`}>
            Backup made and verified: {backUp.data.file} ({megabytes(backUp.data.bytes)},{' '}
            {backUp.data.manifest.counts.orders} orders).
          </p>
        )}
      </div>
      {backUp.isError && (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {serverMessage(backUp.error) ?? 'The backup could not be made. Please try again.'}
        </p>
      )}
      {backups.isPending ? (
        <Spinner label="Loading the backups" />
      ) : !list ? (
        <p className={`${page.alert} ${page.danger}`} role="alert">
          {serverMessage(backups.error) ?? 'The backups could not be loaded.'}
        </p>
      ) : !list.enabled ? (
        <p className={styles.muted}>
          The shop makes no backups: set BACKUP_DIR (and copy its files off this machine). The README says how.
        </p>
      ) : (
        <>
          <p className={styles.muted}>
            {list.every_hours ? `One every ${list.every_hours} hours` : 'Only when asked'}, the newest {list.keep} kept.
            Copy them off this machine: a backup on the shop’s own disk is lost with it.
          </p>
          {list.backups.length === 0 ? (
            <p className={styles.muted}>No backups yet.</p>
          ) : (
            <ul className={styles.backups} aria-label="Backups kept">
              {list.backups.map((backup) => (
                <li key={backup.file}>
                  <span className={styles.backupFile}>{backup.file}</span>
                  <span className={backup.verified ? styles.verified : styles.problem}>
                    {backup.verified ? 'Verified' : `Not usable: ${backup.problem}`}
                  </span>
                  {backup.manifest && (
                    <span className={styles.muted}>
                      {formatWhen(backup.manifest.created_at)} · {megabytes(backup.bytes)} ·{' '}
                      {backup.manifest.counts.orders} orders, {backup.manifest.counts.products} books,{' '}
                      {backup.manifest.image_files} images
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
