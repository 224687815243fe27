/**
 * Every template, as the SMTP transport would send it (nodemailer composes the whole message), is
 * scored by SpamAssassin (Debian's `spamassassin`, local tests only: no network, no Bayes state) and
 * must stay below 2.0 (5.0 is where SpamAssassin calls a mail spam). The score and the rules that
 * fired are printed for each template.
 *
 * Needs the `spamassassin` command. CI installs it (.ci/run) and sets CI, and this file then fails
 * without it; elsewhere vitest.config.ts leaves the file out with a NOT RUN line.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeMessage, type OutgoingMessage } from '../../adapters/mail/transport';
import { testConfig } from '../../config';
import { renderMail } from './render';
import { awkwardMails, realisticMails, type MailCase } from './test-fixtures';

const config = testConfig({
  PUBLIC_URL: 'https://shop.example.com',
  MAIL_FROM: 'shop@example.com',
  SHOP_EMAIL: 'owner@example.com',
});
const OWNER_MAILS = new Set(['contactMessage', 'ownerNewOrder', 'printPartnerProblem', 'backupFailed']);
/** The recipient a template really has: the owner, or a shopper. */
const recipient = (mail: MailCase) => (OWNER_MAILS.has(mail.name) ? config.SHOP_EMAIL : 'ann.reader@example.org');

interface Score {
  messageId: string;
  score: number;
  rules: string[];
}

const messageIdOf = (message: string) => /^Message-ID: (<[^>]+>)/im.exec(message)?.[1] ?? '';

function runSpamAssassin(mbox: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('spamassassin', ['-L', '-t', '-x', '--mbox', '--cf=use_bayes 0', '--cf=bayes_auto_learn 0']);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) =>
      reject(
        new Error(`spamassassin could not be run (${error.message}); install it: apt-get install -y spamassassin`),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString('utf8'))
        : reject(new Error(`spamassassin exited ${code}: ${Buffer.concat(err).toString('utf8')}`)),
    );
    child.stdin.end(mbox);
  });
}

/** One message of SpamAssassin's test-mode output: its Message-ID, score and the rules with points. */
function readScore(message: string): Score {
  const status = /^X-Spam-Status: .*(?:\n[ \t].*)*/m.exec(message)?.[0] ?? '';
  const score = /score=(-?[\d.]+)/.exec(status);
  if (!score) throw new Error(`no X-Spam-Status in:\n${message.slice(0, 2000)}`);
  const details = message.split('Content analysis details:')[1] ?? '';
  const rules = [...details.matchAll(/^\s*(-?\d+\.\d+)\s+([A-Z0-9_]+)\s/gm)].map((m) => `${m[2]} ${m[1]}`);
  return { messageId: messageIdOf(message), score: Number(score[1]), rules };
}

/** A message written like spam: it must score high, or the check could not fail. */
const SPAM_CONTROL: OutgoingMessage = {
  to: 'ann.reader@example.org',
  subject: 'URGENT!!! You have WON $1,000,000 - claim your FREE prize NOW',
  text: 'Dear winner,\nCONGRATULATIONS!!! You have been selected to receive $1,000,000 USD cash. This is not spam.\nClick here to claim your prize: 100% FREE, no obligation, act now, limited time offer!!!\nSend your bank account details and password to claim.\nTo be removed from our mailing list click here.',
  html: '<html><body><p style="color:#ffffff">free money</p><font size="7" color="red">CLICK HERE TO CLAIM YOUR $1,000,000 PRIZE!!!</font><p>100% FREE, act now, limited time offer, not spam.</p></body></html>',
};

async function score(messages: { label: string; message: OutgoingMessage }[]): Promise<(Score & { label: string })[]> {
  let mbox = '';
  const sent: string[] = [];
  for (const { message } of messages) {
    const raw = (await composeMessage(message, config.MAIL_SENDER)).toString('utf8').replace(/\r\n/g, '\n');
    sent.push(messageIdOf(raw));
    mbox += `From shop@example.com Thu Jan  1 00:00:00 2026\n${raw.replace(/^(>*From )/gm, '>$1')}\n`;
  }
  // SpamAssassin answers in its own order: the Message-ID tells which message is which.
  const scores = new Map(
    (await runSpamAssassin(mbox))
      .split(/^From shop@example\.com .*\n/m)
      .filter((part) => part.trim())
      .map((message) => {
        const result = readScore(message);
        return [result.messageId, result] as const;
      }),
  );
  expect(scores.size).toBe(messages.length);
  return messages.map(({ label }, i) => ({ ...scores.get(sent[i]!)!, label }));
}

async function rendered(cases: MailCase[]) {
  return Promise.all(
    cases.map(async (mail) => ({
      label: mail.label,
      message: { to: recipient(mail), ...(await renderMail(mail.name, mail.data as never, config)) },
    })),
  );
}

function report(title: string, scores: (Score & { label: string })[]) {
  const width = Math.max(...scores.map((s) => s.label.length));
  console.log(
    `SpamAssassin (local tests) — ${title}:\n${scores.map((s) => `  ${s.label.padEnd(width)}  ${s.score.toFixed(1).padStart(4)}  ${s.rules.join(', ')}`).join('\n')}`,
  );
}

describe('SpamAssassin scores of every template', () => {
  let realistic: (Score & { label: string })[];
  let awkward: (Score & { label: string })[];
  let control: Score & { label: string };

  beforeAll(async () => {
    const scores = await score([
      ...(await rendered(realisticMails(config.PUBLIC_URL))),
      { label: 'spam control', message: SPAM_CONTROL },
    ]);
    control = scores.pop()!;
    realistic = scores;
    awkward = await score(await rendered(awkwardMails(config.PUBLIC_URL)));
    report('ordinary data', realistic);
    report('awkward data', awkward);
    report('a message written like spam', [control]);
  }, 120_000);

  it('scores a message written like spam high (the check can fail)', () => {
    expect(control.score).toBeGreaterThanOrEqual(5);
  });

  it('stays below 2.0 for every template with ordinary shop data', () => {
    for (const result of realistic) expect(result.score, `${result.label}: ${result.rules.join(', ')}`).toBeLessThan(2);
  });

  it('stays below 2.0 with awkward data (markup in names, right-to-left text, 20 lines, 99 % off)', () => {
    for (const result of awkward) expect(result.score, `${result.label}: ${result.rules.join(', ')}`).toBeLessThan(2);
  });
});
