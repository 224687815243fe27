/** The shop's version (package.json), written into every backup's manifest. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let version: string | null = null;

export function shopVersion(): string {
  version ??= (
    JSON.parse(
      readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../../package.json'), 'utf8'),
    ) as { version: string }
  ).version;
  return version;
}
