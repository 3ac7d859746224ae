import type { Tree } from '../helpers/git-repo.js';

/**
 * A change with a wide blast radius: `cents` is called from 24 modules (more than a text list shows),
 * one of them under a path too long for an 80-column terminal; three tests reach it, one does not.
 */
export function fanoutRepo(): Tree {
  const tree: Tree = {
    'package.json': '{ "name": "fanout", "private": true }\n',
    'src/money.ts': 'export function cents(x: number) { return Math.round(x * 100); }\nexport function euros(c: number) { return c / 100; }\n',
  };
  for (let i = 1; i <= 24; i++) {
    const n = String(i).padStart(2, '0');
    const dir = i === 7 ? 'src/features/checkout/payment-providers/international/settlement' : 'src/prices';
    tree[`${dir}/price-${n}.ts`] = `import { cents } from '${i === 7 ? '../../../../..' : '..'}/money';\nexport function priceOfItemNumber${n}(x: number) { return cents(x) + ${i}; }\n`;
  }
  tree['tests/price-01.test.ts'] = "import { priceOfItemNumber01 } from '../src/prices/price-01';\ntest('p', () => expect(priceOfItemNumber01(1)).toBe(101));\n";
  tree['tests/price-02.test.ts'] = "import { priceOfItemNumber02 } from '../src/prices/price-02';\ntest('p', () => expect(priceOfItemNumber02(1)).toBe(102));\n";
  tree['tests/settlement.test.ts'] =
    "import { priceOfItemNumber07 } from '../src/features/checkout/payment-providers/international/settlement/price-07';\ntest('s', () => expect(priceOfItemNumber07(1)).toBe(107));\n";
  tree['tests/euros.test.ts'] = "import { euros } from '../src/money';\ntest('e', () => expect(euros(100)).toBe(1));\n";
  return tree;
}

/** The head commit of the fan-out: `cents` changes its signature (callers may need an edit). */
export const FANOUT_CHANGE: Tree = {
  'src/money.ts': 'export function cents(x: number, round = true) { return round ? Math.round(x * 100) : x * 100; }\nexport function euros(c: number) { return c / 100; }\n',
  'README.md': '# fanout\n',
};
