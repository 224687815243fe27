/**
 * What the home page makes a phone download before it can run: the entry script and its
 * modulepreloads as listed in the built index.html, each gzipped (level 9, as a CDN would).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** The JS files index.html loads at once: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function homePageScripts(indexHtml: string): string[] {
  const files = new Set<string>();
  for (const tag of indexHtml.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(tag)?.[1];
    if (src && /type=["']module["']/i.test(tag)) files.add(src);
  }
  for (const tag of indexHtml.match(/<link\b[^>]*>/gi) ?? []) {
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && /rel=["']modulepreload["']/i.test(tag)) files.add(href);
  }
  return [...files].filter((file) => !/^(https?:)?\/\//.test(file));
}

export function homePageJsSize(distDir: string): { total: ScriptSize; files: ScriptSize[] } {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = homePageScripts(html).map((file) => {
    const bytes = readFileSync(path.join(distDir, file.replace(/^\//, '')));
    return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  const total = files.reduce((sum, f) => ({ file: 'total', bytes: sum.bytes + f.bytes, gzipBytes: sum.gzipBytes + f.gzipBytes }), { file: 'total', bytes: 0, gzipBytes: 0 });
  return { total, files };
}
