import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { layoutProblems } from './layout';

const tracked = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'e2e'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);

describe('the layout (decision 135)', () => {
  it('the tree follows the domain list', () => {
    expect(layoutProblems(tracked())).toEqual([]);
  });

  it('a file put in the wrong folder is a problem', () => {
    const tree = tracked();
    expect(layoutProblems([...tree, 'src/server/modules/auth/routes.ts'])).toEqual([
      'src/server/modules/auth/routes.ts: src/server/modules/ holds a folder per domain or infrastructure part, not "auth"',
    ]);
    expect(layoutProblems([...tree, 'src/web/features/search/SearchBox.tsx'])).toHaveLength(1);
    expect(layoutProblems([...tree, 'src/shared/contracts/order.ts'])).toHaveLength(1);
    expect(layoutProblems([...tree, 'e2e/admin-orders.spec.ts'])).toHaveLength(1);
  });

  it('a file-name prefix standing in for a folder is a problem', () => {
    expect(layoutProblems(['src/server/modules/orders/print-worker.ts'])).toEqual([
      'src/server/modules/orders/print-worker.ts: a file-name prefix stands in for a folder (print/)',
    ]);
    expect(layoutProblems(['src/server/modules/orders/printing/worker.ts'])).toEqual([]);
  });

  it('a domain without its contract or module is a problem', () => {
    const tree = tracked().filter((path) => !path.startsWith('src/server/modules/wishlist/'));
    expect(layoutProblems(tree)).toEqual(['src/server/modules/wishlist/ is missing']);
  });
});
