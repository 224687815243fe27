/**
 * The layout as a rule (decision 135, docs/dev-guide.md "Layout"): one list of domains, spelled the
 * same in the contracts, the server's modules, the web's features and the journeys' file names.
 * `layoutProblems` is run over the tree by scripts/layout.test.ts (part of the unit tests).
 */
export const DOMAINS = [
  'accounts',
  'products',
  'cart',
  'wishlist',
  'checkout',
  'orders',
  'discounts',
  'reviews',
  'contact',
  'dashboard',
] as const;
/** Infrastructure: not a business domain, but named the same wherever it appears. */
export const INFRASTRUCTURE = ['mail', 'images', 'events', 'web', 'system'] as const;
/** Shapes every contract uses (`{ message }`). */
const SHARED_CONTRACTS = ['common'];
/** A file name standing in for a folder: make the folder (`admin/`, `printing/`, `listing/`). */
const PREFIX_FOR_A_FOLDER = /^(admin|print|listing)-/;

const areas = new Set<string>([...DOMAINS, ...INFRASTRUCTURE]);
const domains = new Set<string>(DOMAINS);

/** What is wrong with the layout of these repository paths, one sentence per problem (none: []). */
export function layoutProblems(paths: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = { contracts: new Set<string>(), modules: new Set<string>(), features: new Set<string>() };
  for (const path of paths) {
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^src\/shared\/contracts\/([^/]+)\.ts$/)) && !path.endsWith('.test.ts')) {
      const name = m[1]!;
      seen.contracts.add(name);
      if (!areas.has(name) && !SHARED_CONTRACTS.includes(name))
        problems.push(`${path}: a contract is named after a domain or an infrastructure part`);
    } else if (path.startsWith('src/shared/contracts/') && !path.endsWith('.test.ts') && path.split('/').length > 4) {
      problems.push(`${path}: a contract is one file, src/shared/contracts/<domain>.ts`);
    }
    if ((m = path.match(/^src\/server\/modules\/([^/]+)\//))) {
      seen.modules.add(m[1]!);
      if (!areas.has(m[1]!))
        problems.push(`${path}: src/server/modules/ holds a folder per domain or infrastructure part, not "${m[1]}"`);
    }
    if ((m = path.match(/^src\/web\/features\/([^/]+)\//))) {
      seen.features.add(m[1]!);
      if (!domains.has(m[1]!)) problems.push(`${path}: src/web/features/ holds a folder per domain, not "${m[1]}"`);
    }
    if ((m = path.match(/^e2e\/([^/]+)\.spec\.ts$/))) {
      const area = m[1]!.split('-')[0]!;
      if (!areas.has(area)) problems.push(`${path}: a journey's file is named <domain>-<journey>.spec.ts`);
    }
    const file = path.split('/').pop()!;
    if (/^src\/(server\/modules|web\/features)\//.test(path) && PREFIX_FOR_A_FOLDER.test(file)) {
      problems.push(`${path}: a file-name prefix stands in for a folder (${file.split('-')[0]}/)`);
    }
  }
  // Only over a whole tree (one with the server's app.ts): every domain has its contract and module.
  if (paths.includes('src/server/app.ts')) {
    for (const domain of DOMAINS) {
      if (!seen.contracts.has(domain)) problems.push(`src/shared/contracts/${domain}.ts is missing`);
      if (!seen.modules.has(domain)) problems.push(`src/server/modules/${domain}/ is missing`);
    }
  }
  return problems;
}
