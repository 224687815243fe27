/** Mails about the shop itself, to its owner. */
import { Action, Highlight, MailLayout, P } from './layout';
import type { MailTemplate } from './types';

export interface BackupFailedMail {
  /** What went wrong, in the words of the step that failed. */
  problem: string;
  /** When the attempt failed (ISO time). */
  at: string;
  /** The newest verified backup's time, or null when there is none. */
  lastGoodAt: string | null;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });

export const backupFailed: MailTemplate<BackupFailedMail> = {
  subject: () => 'A backup of the shop failed',
  body: (data, shop) => (
    <MailLayout
      shop={shop}
      title="A backup failed"
      preview={data.problem}
      reason={`You received this e-mail as the owner of ${shop.name}.`}
    >
      <P>The shop tried to make a backup at {when(data.at)} (UK time), and could not:</P>
      <Highlight label="Problem" value={data.problem} prose />
      <P>
        {data.lastGoodAt
          ? `The last good backup is from ${when(data.lastGoodAt)}; it was left as it was.`
          : 'There is no good backup yet.'}{' '}
        The shop tries again within the hour. A full disk is the usual cause: free some space where the backups are
        kept.
      </P>
      <Action href={shop.href('/admin')}>Open the dashboard</Action>
    </MailLayout>
  ),
};
