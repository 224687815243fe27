/**
 * The end of start-up (decision 096): once the shop listens, what a newcomer needs, in one place
 * that the request lines do not push away before it is read: the shop's address, the admin's login
 * when this start made it (shown this once), where mail goes, and what is real or demo.
 *
 * With LOG_FORMAT=pretty it is a block written after the last log line; with JSON logs it is two
 * log lines (the shop is open; ADMIN ACCOUNT CREATED) that a log collector keeps with the rest.
 */
import path from 'node:path';
import type { App } from './app';
import { adminCreatedNotice, adminLinkNote, type AdminAtStart } from './db/seed/seed';

export interface StartFacts {
  shopName: string;
  url: string;
  /** /dev/mailbox's address when it is mounted (development, mail kept in the outbox). */
  mailbox: string | null;
  database: string;
  mail: string;
  payments: string;
  printer: string;
  /** How many shop processes serve the port, and why (decision 156). */
  processes?: string;
  /** The admin as this start left it: made now (with its password), set from ADMIN_EMAIL, or there already (null). */
  admin: AdminAtStart | null;
  /** The config the admin's sign-in note depends on. */
  notes: { SMTP_URL?: string; PUBLIC_URL: string };
}

export function startFacts(app: App, admin: AdminAtStart | null): StartFacts {
  const { config, database, mail, payments, printPartner } = app.ctx;
  const url = config.PUBLIC_URL;
  return {
    shopName: config.SHOP_NAME,
    url,
    mailbox: config.NODE_ENV !== 'production' && mail.kind === 'outbox' ? `${url}/dev/mailbox` : null,
    database: database.kind === 'pglite' ? `embedded (${shownPath(config.DATA_DIR)})` : 'PostgreSQL (DATABASE_URL)',
    mail: mail.kind,
    payments: payments.checkout.name,
    printer: printPartner.name,
    processes: processesFact(database.kind, config),
    admin,
    notes: { SMTP_URL: config.SMTP_URL, PUBLIC_URL: url },
  };
}

/** How many shop processes run, and the threads each renders pages on (decisions 156 and 173). */
export function processesFact(
  database: 'pglite' | 'postgres',
  config: { WEB_CONCURRENCY: number; PAGE_RENDER_THREADS: number },
): string {
  const processes =
    database === 'pglite'
      ? '1 (the embedded database belongs to one process: set DATABASE_URL to PostgreSQL for one per core)'
      : `${config.WEB_CONCURRENCY} (WEB_CONCURRENCY)`;
  const threads = config.PAGE_RENDER_THREADS;
  if (threads === 0) return processes;
  return `${processes}; pages rendered on ${threads} thread${threads === 1 ? '' : 's'}${database === 'pglite' ? '' : ' each'} (PAGE_RENDER_THREADS)`;
}

/** A folder as a newcomer reads it: relative to where the shop was started when it lies inside it. */
function shownPath(folder: string): string {
  const relative = path.relative(process.cwd(), folder);
  return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? folder : relative;
}

const RULE = '─'.repeat(72);

/** The block LOG_FORMAT=pretty prints once the shop listens. */
export function startBlock(facts: StartFacts): string {
  const lines: string[] = [`${facts.shopName} is open:  ${facts.url}`, ''];
  const { admin } = facts;
  if (admin?.generatedPassword) {
    lines.push(
      'Admin sign-in, made now and shown only this once (keep it):',
      `  e-mail    ${admin.email}`,
      `  password  ${admin.generatedPassword}`,
      `  ${adminLinkNote(facts.notes)}`,
      '  To choose your own, set ADMIN_EMAIL and ADMIN_PASSWORD (in .env) and start again.',
    );
  } else if (admin) {
    lines.push(
      `Admin sign-in:  ${admin.email} with ADMIN_PASSWORD (${admin.created ? 'created' : 'kept up to date'} from ADMIN_EMAIL)`,
    );
  } else {
    lines.push('Admin sign-in:  the account shown at the first start (or set ADMIN_EMAIL and ADMIN_PASSWORD)');
  }
  lines.push(
    '',
    `Mail       ${facts.mailbox ? `kept here, read it at ${facts.mailbox}` : facts.mail === 'smtp' ? 'sent through SMTP_URL' : 'kept in the outbox'}`,
    `Payments   ${facts.payments === 'demo' ? 'demo checkout (no card is charged)' : facts.payments}`,
    `Printing   ${facts.printer}`,
    `Database   ${facts.database}`,
    ...(facts.processes ? [`Processes  ${facts.processes}`] : []),
    'Stop with Ctrl+C.',
  );
  return `\n${RULE}\n${lines.map((line) => (line ? `  ${line}` : '')).join('\n')}\n${RULE}\n\n`;
}

/** Says the shop is open: the block after the last log line (pretty), or two log lines (JSON). */
export function announceStart(
  format: 'pretty' | 'json',
  log: { info(message: string): void; warn(message: string): void },
  facts: StartFacts,
  output: { write(text: string): unknown } = process.stdout,
): void {
  if (format === 'pretty') {
    output.write(startBlock(facts));
    return;
  }
  log.info(
    `${facts.shopName} is open at ${facts.url} (database: ${facts.database}, mail: ${facts.mail}, payments: ${facts.payments}, printer: ${facts.printer}${facts.processes ? `, processes: ${facts.processes}` : ''})`,
  );
  if (facts.admin?.generatedPassword)
    log.warn(adminCreatedNotice(facts.admin.email, facts.admin.generatedPassword, facts.notes));
}
