import { describe, expect, it } from 'vitest';
import { auditVerdict } from './audit';

const report = (counts: Record<string, number>, vulnerabilities: Record<string, { severity: string }> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });

describe('auditVerdict', () => {
  it('passes a report with only low and moderate advisories', () => {
    expect(auditVerdict(report({ low: 2, moderate: 1 }))).toEqual({
      kind: 'clean',
      message: '0 info, 2 low, 1 moderate, 0 high, 0 critical',
    });
  });

  it('fails a report with a high or a critical advisory, naming the packages', () => {
    const verdict = auditVerdict(
      report(
        { high: 1, critical: 1, low: 1 },
        { fastify: { severity: 'high' }, undici: { severity: 'critical' }, debug: { severity: 'low' } },
      ),
    );
    expect(verdict.kind).toBe('findings');
    expect(verdict.message).toContain('fastify (high), undici (critical)');
    expect(verdict.message).not.toContain('debug');
  });

  it('says the service was unreachable when npm printed its error instead of a report', () => {
    const error = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '' },
    });
    expect(auditVerdict(error)).toEqual({
      kind: 'unavailable',
      message:
        'the advisory service gave no report (405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk)',
    });
  });

  it('says so when npm printed nothing readable', () => {
    expect(auditVerdict('')).toEqual({ kind: 'unavailable', message: 'npm audit printed no report' });
  });
});
