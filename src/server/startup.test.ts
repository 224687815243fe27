/**
 * The end of start-up (decision 096): the shop's address and the admin's login stand in one block
 * after every start-up line (pretty), or in the log's own lines (JSON); a real start shows it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { announceStart, processesFact, startBlock, type StartFacts } from './startup';

const facts = (admin: StartFacts['admin']): StartFacts => ({
  shopName: 'Inkwell & Puzzle',
  url: 'http://localhost:3000',
  mailbox: 'http://localhost:3000/dev/mailbox',
  database: 'embedded (data)',
  mail: 'outbox',
  payments: 'demo',
  printer: 'simulated',
  admin,
  notes: { PUBLIC_URL: 'http://localhost:3000' },
});
const generated = { email: 'admin@shop.localhost', created: true, generatedPassword: 'Abc123def456ghi7' };

describe('processesFact', () => {
  it('says how many processes run and the threads that render pages (decisions 156 and 173)', () => {
    expect(processesFact('pglite', { WEB_CONCURRENCY: 1, PAGE_RENDER_THREADS: 0 })).toBe(
      '1 (the embedded database belongs to one process: set DATABASE_URL to PostgreSQL for one per core)',
    );
    expect(processesFact('pglite', { WEB_CONCURRENCY: 1, PAGE_RENDER_THREADS: 2 })).toMatch(
      /one per core\); pages rendered on 2 threads \(PAGE_RENDER_THREADS\)$/,
    );
    expect(processesFact('postgres', { WEB_CONCURRENCY: 2, PAGE_RENDER_THREADS: 1 })).toBe(
      '2 (WEB_CONCURRENCY); pages rendered on 1 thread each (PAGE_RENDER_THREADS)',
    );
  });
});

describe('startBlock', () => {
  it('shows the address, a generated admin login with where its link arrives, and what is demo', () => {
    const block = startBlock(facts(generated));
    expect(block).toContain('Inkwell & Puzzle is open:  http://localhost:3000');
    expect(block).toMatch(/e-mail +admin@shop\.localhost\n +password +Abc123def456ghi7\n/);
    expect(block).toContain('The admin sign-in link arrives at http://localhost:3000/dev/mailbox.');
    expect(block).toContain('read it at http://localhost:3000/dev/mailbox');
    expect(block).toContain('demo checkout (no card is charged)');
    expect(block.split('\n').filter((line) => line.startsWith('─'))).toHaveLength(2);
  });

  it('names the admin from ADMIN_EMAIL, and on later starts says where the login was shown', () => {
    expect(startBlock(facts({ email: 'owner@example.com', created: false }))).toContain(
      'Admin sign-in:  owner@example.com with ADMIN_PASSWORD',
    );
    const later = startBlock(facts(null));
    expect(later).toContain('the account shown at the first start');
    expect(later).not.toContain('password ');
  });
});

describe('announceStart', () => {
  const capture = () => {
    const out: string[] = [];
    const log = { info: (m: string) => void out.push(`info ${m}`), warn: (m: string) => void out.push(`warn ${m}`) };
    return { out, log, output: { write: (text: string) => void out.push(text) } };
  };

  it('pretty: writes the block and logs nothing', () => {
    const { out, log, output } = capture();
    announceStart('pretty', log, facts(generated), output);
    expect(out).toEqual([startBlock(facts(generated))]);
  });

  it('JSON: the shop is open, then the generated admin in one warning line', () => {
    const { out, log, output } = capture();
    announceStart('json', log, facts(generated), output);
    expect(out).toHaveLength(2);
    expect(out[0]).toBe(
      'info Inkwell & Puzzle is open at http://localhost:3000 (database: embedded (data), mail: outbox, payments: demo, printer: simulated)',
    );
    expect(out[1]).toMatch(/^warn ADMIN ACCOUNT CREATED: e-mail admin@shop\.localhost +password Abc123def456ghi7 /);
  });
});

describe('a first development start', () => {
  it('ends with the block: after "listening", with the admin login shown once', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-start-'));
    const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        PASSWORD_HASH_COST: '10',
        WEB_DIST_DIR: path.join(dataDir, 'no-build'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // The block's closing rule is the last thing start-up writes.
      await new Promise<void>((resolve, reject) => {
        const check = () => {
          if (/Stop with Ctrl\+C\.\n─+\n/.test(out)) resolve();
        };
        child.stdout.on('data', check);
        void exited.then((code) => reject(new Error(`the shop stopped (${code}) before its block:\n${out}`)));
      });
      const password = /password +(\w{16})\n/.exec(out)?.[1];
      expect(password, out).toBeDefined();
      expect(out.split(password!)).toHaveLength(2);
      expect(out.indexOf('INFO: Server listening at')).toBeGreaterThan(-1);
      expect(out.indexOf('INFO: Server listening at')).toBeLessThan(out.indexOf('is open:'));
      expect(out).toMatch(/e-mail +admin@shop\.localhost/);
      expect(out).not.toMatch(/^\{"level"/m);
      expect(out).not.toContain('incoming request');
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
