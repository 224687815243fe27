import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from './layout';

/** The boundary errors ESLint reports for `code` placed at `filePath` (the file need not exist). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('modules and flows (decision 135)', { timeout: 60_000 }, () => {
  it('a domain module may not import another domain module', async () => {
    const errors = await boundaryErrors(
      'src/server/modules/orders/probe.ts',
      "import { createReviewLink } from '../reviews';\nexport const probe = createReviewLink;\n",
    );
    expect(errors).toEqual([
      'module "orders" may not import module "reviews": code that calls two domains is a flow (src/server/flows, decision 135)',
    ]);
  });

  it('no pair of domains is an exception: every domain module importing every other one fails', async () => {
    for (const from of DOMAINS) {
      const others = DOMAINS.filter((to) => to !== from);
      const code = others.map((to, i) => `import * as m${i} from '../${to}';\nexport const p${i} = m${i};\n`).join('');
      const errors = await boundaryErrors(`src/server/modules/${from}/probe.ts`, code);
      expect(errors).toEqual(
        others.map(
          (to) =>
            `module "${from}" may not import module "${to}": code that calls two domains is a flow (src/server/flows, decision 135)`,
        ),
      );
    }
  });

  it('a test beside a module may import another module to set up and check its data', async () => {
    const code = "import { DISCOUNT_PROBLEMS } from '../discounts/rules';\nexport const probe = DISCOUNT_PROBLEMS;\n";
    expect(await boundaryErrors('src/server/modules/checkout/probe.test.ts', code)).toEqual([]);
    expect(await boundaryErrors('src/server/modules/checkout/probe.ts', code)).toHaveLength(1);
  });

  it('a module reaches a flow through ctx.flows, never by import', async () => {
    const errors = await boundaryErrors(
      'src/server/modules/cart/probe.ts',
      "import { flows } from '../../flows';\nexport const probe = flows;\n",
    );
    expect(errors).toEqual(['a module reaches a flow through ctx.flows, never by import (decision 135)']);
  });

  it('a flow may import several modules, and a module the infrastructure', async () => {
    expect(
      await boundaryErrors(
        'src/server/flows/probe.ts',
        "import { saveOrderChange } from '../modules/orders';\nimport { createReviewLink } from '../modules/reviews';\nexport const probe = [saveOrderChange, createReviewLink];\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/server/modules/orders/probe.ts',
        "import { enqueueMail } from '../mail';\nexport const probe = enqueueMail;\n",
      ),
    ).toEqual([]);
  });
});
