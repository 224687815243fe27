/**
 * The machine a run measured on, and `--write-report`: the figures section of docs/performance.md
 * rewritten from a run's rows (between the `bench:figures` markers; the prose around it is kept).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresVersion } from './postgres';
import { formatValue, verdict, type Row } from './report';
import { ROOT } from './server';

export interface Machine {
  date: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
  postgres: string | null;
  commit: string;
  startLoadAverage: number[];
  endLoadAverage?: number[];
  durationS?: number;
  settings: Record<string, string>;
}

const git = (args: string[]) => {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};

export async function describeMachine(): Promise<Machine> {
  return {
    date: new Date().toISOString(),
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? '?',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    postgres: await postgresVersion(),
    commit: git(['rev-parse', '--short', 'HEAD']),
    startLoadAverage: os.loadavg(),
    settings: {
      BENCH_DURATION: process.env.BENCH_DURATION ?? '10',
      BENCH_WARMUP: process.env.BENCH_WARMUP ?? '2',
      BENCH_CONNECTIONS: process.env.BENCH_CONNECTIONS ?? '50',
      BENCH_SIZES: process.env.BENCH_SIZES ?? '1000,10000,100000',
      BENCH_CHECKOUTS: process.env.BENCH_CHECKOUTS ?? '200',
    },
  };
}

const load = (values: number[] | undefined) => (values ? values.map((v) => v.toFixed(2)).join(' / ') : '?');

export function machineLines(machine: Machine): string[] {
  return [
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, ${machine.os}, Node ${machine.node}, PostgreSQL ${machine.postgres ?? 'not reachable'}`,
    `Date: ${machine.date}, commit ${machine.commit}; load average (1/5/15 min) at start ${load(machine.startLoadAverage)}${machine.endLoadAverage ? `, at end ${load(machine.endLoadAverage)}` : ''}`,
    `Settings: ${Object.entries(machine.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  ];
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The figures as markdown: the machine, then one table per scenario group, in run order. */
export function figuresMarkdown(rows: Row[], machine: Machine, scenarioNames: string[]): string {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.scenario, [...(groups.get(row.scenario) ?? []), row]);
  const out: string[] = [];
  out.push(
    `_Written by \`npm run bench -- --write-report\` (${scenarioNames.join(', ')}); ${machine.durationS ?? '?'} s._`,
    '',
  );
  for (const line of machineLines(machine)) out.push(`- ${line}`);
  const busy = machine.startLoadAverage[0]! > machine.cpus * 0.5;
  if (busy)
    out.push(
      `- **The machine was busy** (load average ${machine.startLoadAverage[0]!.toFixed(1)} on ${machine.cpus} cores at the start): other work shared the cores, so absolute figures are low and noisy; ratios hold better.`,
    );
  out.push('- The load generator runs on the same cores as the shop (and the database).', '');
  for (const [scenario, group] of groups) {
    out.push(`#### ${scenario}`, '', '| metric | value | unit | target | check | note |', '|---|---:|---|---|---|---|');
    for (const row of group) {
      out.push(
        `| ${escapeCell(row.metric.trim())} | ${formatValue(row.value)} | ${row.unit} | ${escapeCell(row.target ?? '')} | ${verdict(row)} | ${escapeCell(row.note ?? '')} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

export const FIGURES_START = '<!-- bench:figures:start -->';
export const FIGURES_END = '<!-- bench:figures:end -->';
export const PERFORMANCE_DOC = path.join(ROOT, 'docs/performance.md');

/** Replaces the figures section of docs/performance.md (appends one when the markers are missing). */
export function writePerformanceDoc(
  rows: Row[],
  machine: Machine,
  scenarioNames: string[],
  file = PERFORMANCE_DOC,
): string {
  const section = `${FIGURES_START}\n${figuresMarkdown(rows, machine, scenarioNames)}\n${FIGURES_END}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const start = current.indexOf(FIGURES_START);
  const end = current.indexOf(FIGURES_END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + FIGURES_END.length)}`
      : `${current.trimEnd()}\n\n## Figures\n\n${section}\n`;
  writeFileSync(file, next);
  return file;
}
