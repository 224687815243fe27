/**
 * The dependency check of `npm test` (decision 082): `npm audit --omit=dev` over the production
 * tree. A high or critical advisory fails the run. When the advisory service cannot be reached
 * (offline, or a registry mirror that refuses the audit call, as on the project's machines), the
 * run goes on and says loudly that nothing was checked; AUDIT_REQUIRED=true makes that a failure
 * too (for a release machine that must have the answer).
 *
 *   npm run audit
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export type AuditVerdict =
  { kind: 'clean'; message: string } | { kind: 'findings'; message: string } | { kind: 'unavailable'; message: string };

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;

/** Reads the JSON `npm audit --json` printed (npm 7 and later). */
export function auditVerdict(output: string): AuditVerdict {
  let report: unknown;
  try {
    report = JSON.parse(output);
  } catch {
    return { kind: 'unavailable', message: 'npm audit printed no report' };
  }
  const counts = (report as { metadata?: { vulnerabilities?: Partial<Record<(typeof SEVERITIES)[number], number>> } })
    .metadata?.vulnerabilities;
  if (!counts) {
    const reason =
      (report as { message?: unknown; error?: { summary?: unknown } }).message ??
      (report as { error?: { summary?: unknown } }).error?.summary;
    return {
      kind: 'unavailable',
      message: `the advisory service gave no report${typeof reason === 'string' && reason ? ` (${reason})` : ''}`,
    };
  }
  const summary = SEVERITIES.map((severity) => `${counts[severity] ?? 0} ${severity}`).join(', ');
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  if (serious > 0) {
    const names = Object.entries(
      (report as { vulnerabilities?: Record<string, { severity?: string }> }).vulnerabilities ?? {},
    )
      .filter(([, entry]) => entry.severity === 'high' || entry.severity === 'critical')
      .map(([name, entry]) => `${name} (${entry.severity})`);
    return { kind: 'findings', message: `${summary}: ${names.join(', ') || 'see npm audit'}` };
  }
  return { kind: 'clean', message: summary };
}

function main(): void {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
  const verdict = run.error ? ({ kind: 'unavailable', message: run.error.message } as const) : auditVerdict(run.stdout);
  if (verdict.kind === 'clean') {
    console.log(`npm audit --omit=dev: no high or critical advisory (${verdict.message})`);
    return;
  }
  if (verdict.kind === 'findings') {
    console.error(
      `npm audit --omit=dev: HIGH OR CRITICAL ADVISORIES: ${verdict.message}. Run \`npm audit --omit=dev\` for the fixes.`,
    );
    process.exit(1);
  }
  const required = process.env.AUDIT_REQUIRED === 'true';
  console.warn(
    `npm audit --omit=dev: NOT CHECKED: ${verdict.message}. The production dependencies were not audited on this machine (docs/security.md, section 3)${required ? '; AUDIT_REQUIRED=true, so this fails' : ''}.`,
  );
  if (required) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
