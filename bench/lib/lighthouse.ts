/**
 * Lighthouse (mobile preset: its default config) on a page of a running shop, with Debian's
 * Chromium headless. Answers the four category scores (0 to 100) and the audits that cost points.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from './browser';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface LighthouseResult {
  scores: Record<Category, number>;
  /** Audits below a full score that weigh in a category: "category: title (score)". */
  failing: string[];
  metrics: Record<string, number>;
}

/**
 * Lighthouse sometimes fails to record the trace of a load ("NO_NAVSTART", "NO_FCP": it asks to be
 * run again). Such a run is retried in a fresh browser, at most `attempts` times in all; any other
 * error, or the same one every time, is thrown.
 */
export type LighthouseRun = LighthouseResult & { retries: number };

export async function runLighthouse(url: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { ...(await runLighthouseOnce(url)), retries: attempt - 1 };
    } catch (error) {
      const retryable = error instanceof LighthouseRuntimeError && RETRYABLE_CODES.has(error.code);
      if (!retryable || attempt >= attempts) throw error;
    }
  }
}

const RETRYABLE_CODES = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED', 'NO_DCL']);

/** What a failing accessibility, best-practices or SEO audit found (console errors, Chrome issues, elements), briefly. */
function auditItems(details: unknown): string {
  const items = ((details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[];
  const described = items.slice(0, 3).map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const text = [
      item.description,
      item.issueType,
      node?.snippet,
      item.sourceLocation && (item.sourceLocation as { url?: string }).url,
      item.source,
    ].find((value) => typeof value === 'string' && value) as string | undefined;
    return (text ?? '').replace(/\s+/g, ' ').slice(0, 160);
  });
  const listed = described.filter(Boolean);
  return listed.length ? `: ${listed.join('; ')}` : '';
}

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`lighthouse: ${message}`);
  }
}

async function runLighthouseOnce(url: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    });
    if (!result) throw new Error('lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(lhr.runtimeError.code, lhr.runtimeError.message);
    const scores = Object.fromEntries(
      LIGHTHOUSE_CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const failing: string[] = [];
    for (const category of LIGHTHOUSE_CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
        if (
          audit.scoreDisplayMode === 'notApplicable' ||
          audit.scoreDisplayMode === 'manual' ||
          audit.scoreDisplayMode === 'informative'
        )
          continue;
        failing.push(
          `${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} [${Math.round(audit.score * 100)}]${category === 'performance' ? '' : auditItems(audit.details)}`,
        );
      }
    }
    // Where the time and the shifts come from, for the report.
    for (const id of [
      'largest-contentful-paint-element',
      'layout-shifts',
      'render-blocking-resources',
      'bootup-time',
      'unused-javascript',
    ]) {
      const audit = lhr.audits[id];
      if (!audit || audit.score === 1 || audit.scoreDisplayMode === 'notApplicable') continue;
      const items = ((audit.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[];
      const describe = (item: Record<string, unknown>): string => {
        const node = item.node as { selector?: string; snippet?: string } | undefined;
        if (node?.selector)
          return `${node.selector}${typeof item.score === 'number' ? ` (${item.score.toFixed(3)})` : ''}`;
        if (typeof item.url === 'string')
          return `${item.url.replace(/^https?:\/\/[^/]+/, '')}${typeof item.total === 'number' ? ` ${Math.round(item.total)} ms` : ''}${typeof item.wastedBytes === 'number' ? ` ${Math.round(item.wastedBytes / 1024)} kB unused` : ''}`;
        const nested = ((item.items as Record<string, unknown>[] | undefined) ?? [])[0];
        return nested ? describe(nested) : '';
      };
      const listed = items.slice(0, 3).map(describe).filter(Boolean).join('; ');
      if (listed || audit.displayValue)
        failing.push(
          `diagnostic: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${listed ? `: ${listed}` : ''}`,
        );
    }
    const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    return {
      scores,
      failing,
      metrics: {
        'first-contentful-paint': metric('first-contentful-paint'),
        'largest-contentful-paint': metric('largest-contentful-paint'),
        'total-blocking-time': metric('total-blocking-time'),
        'cumulative-layout-shift x1000': Math.round(
          (lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000,
        ),
      },
    };
  } finally {
    chrome.kill();
  }
}
