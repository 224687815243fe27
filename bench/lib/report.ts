/**
 * Bench results: one row per figure, printed as a table and written as JSON to bench/results/.
 * A row may carry a target (shown as pass/FAIL). A row marked `must` is a correctness check
 * (exactly 200 orders, zero failed answers ...): when it fails, the bench exits non-zero.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Row {
  scenario: string;
  metric: string;
  value: number;
  unit: string;
  note?: string;
  /** The target in words, e.g. '≥ 50 %'. */
  target?: string;
  /** Whether the target (or the check) holds. */
  pass?: boolean;
  /** A correctness check: a failure makes the whole run fail. */
  must?: boolean;
}

export const formatValue = (value: number) =>
  Number.isNaN(value)
    ? '–'
    : Number.isInteger(value)
      ? value.toLocaleString('en-GB')
      : value.toLocaleString('en-GB', { maximumFractionDigits: 2 });

export const verdict = (row: Row) => (row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL');

export function printTable(rows: Row[]): void {
  const cells = rows.map((r) => [
    r.scenario,
    r.metric,
    formatValue(r.value),
    r.unit,
    r.target ?? '',
    verdict(r),
    r.note ?? '',
  ]);
  const header = ['scenario', 'metric', 'value', 'unit', 'target', 'check', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => (i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const c of cells) console.log(line(c));
  console.log('');
}

export function writeResults(dir: string, rows: Row[], extra: Record<string, unknown> = {}): string {
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `bench-${stamp}.json`);
  const machine = {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    loadAverage: os.loadavg(),
  };
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine, ...extra, rows }, null, 2)}\n`);
  return file;
}
