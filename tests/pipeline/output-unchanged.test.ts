import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { EXTRACTION_VERSION } from '../../src/lang/extraction-version.js';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { exportGraph } from '../../src/pipeline/export-graph.js';
import { expectGolden } from '../lang/helpers/expect-golden.js';
import { commit, gitRepo, type Tree } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

const GOLDENS = new URL('./goldens/', import.meta.url).pathname;

/**
 * A small project in every indexed language, with what resolution follows across files: imports,
 * re-exports and a barrel, classes and overrides, a JSX render, a Python package with a relative
 * import and a method call through `self`.
 */
const PROJECT: Tree = {
  'package.json': '{ "name": "shop", "private": true, "devDependencies": { "vitest": "^4.0.0" } }\n',
  'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@lib/*": ["src/lib/*"] } } }\n',
  'src/lib/money.ts': [
    '/** Cents, never floats. */',
    'export type Cents = number;',
    'export function cents(euros: number): Cents { return Math.round(euros * 100); }',
    'export const ZERO: Cents = 0;',
    '',
  ].join('\n'),
  'src/lib/index.ts': "export * from './money';\nexport { Store as default } from '../store';\n",
  'src/store.ts': [
    "import { cents, type Cents } from '@lib/money';",
    'export abstract class Base {',
    '  abstract save(item: string): Cents;',
    '  describe() { return `saved ${this.save("x")}`; }',
    '}',
    'export class Store extends Base {',
    '  save(item: string): Cents { return cents(item.length); }',
    '}',
    '',
  ].join('\n'),
  'src/cart.ts': [
    "import Store, { ZERO } from './lib';",
    'export class Cart {',
    '  private readonly store = new Store();',
    '  total(items: string[]) { return items.reduce((sum, i) => sum + this.store.save(i), ZERO); }',
    '}',
    'export const handlers = { add: (c: Cart) => c.total([]), clear: () => 0 };',
    '',
  ].join('\n'),
  'src/view.tsx': "import { Cart } from './cart';\nexport function Total(props: { items: string[] }) {\n  return <span>{new Cart().total(props.items)}</span>;\n}\nexport const Page = () => <Total items={[]} />;\n",
  'src/legacy.js': "const { cents } = require('./lib/money');\nmodule.exports = function legacyTotal(x) { return cents(x) + 1; };\n",
  'tests/cart.test.ts': "import { Cart } from '../src/cart';\ntest('total', () => { expect(new Cart().total(['a'])).toBe(100); });\n",
  'py/shop/__init__.py': 'from .prices import discount\n__all__ = ["discount"]\n',
  'py/shop/prices.py': [
    'class Pricing:',
    '    """Prices with a rate."""',
    '    def __init__(self, rate):',
    '        self.rate = rate',
    '    def apply(self, amount):',
    '        return self.scale(amount) * self.rate',
    '    def scale(self, amount):',
    '        return amount',
    '',
    'def discount(amount):',
    '    return Pricing(0.9).apply(amount)',
    '',
  ].join('\n'),
  'py/tests/test_prices.py': 'from shop.prices import discount\n\ndef test_discount():\n    assert discount(10) == 9\n',
};

// Speed work must not change what an index holds. A cold build and an export of the same commit
// are compared with what they were (goldens/), byte for byte: the export as readable JSON, the
// artifact by its SHA-256. A change that means to alter the output (a new edge, a schema change)
// accepts it with UPDATE_GOLDEN=1 and shows the export's diff in review.
describe('the output of a cold build', { timeout: 240_000 }, () => {
  it('is the export and the artifact it was, byte for byte', async () => {
    // Fixed dates: the commit ids (and so the export and the artifact) depend on them.
    const dates = { GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' };
    const saved = { ...process.env };
    Object.assign(process.env, dates);
    onTestFinished(() => {
      for (const key of Object.keys(dates)) delete process.env[key];
      Object.assign(process.env, saved);
    });
    const cwd = gitRepo(PROJECT, 'shop');
    commit(cwd, 'pricing by rate', { 'py/shop/prices.py': (PROJECT['py/shop/prices.py'] as string).replace('* self.rate', '* self.rate + 0') });
    const cache = cacheDir();

    const built = await buildIndex({ cwd, cacheDir: cache, rev: 'HEAD', full: true, jobs: 1 });
    const graph = await exportGraph({ cwd, cacheDir: cache, rev: 'HEAD' });
    const artifact = createHash('sha256').update(readFileSync(built.artifact)).digest('hex');
    expect(built.action).toBe('built');
    const exported = `${JSON.stringify(graph, null, 2)}\n`;
    expectGolden(exported, `${GOLDENS}cold-build.export.json`);
    expectGolden(`${artifact}\n`, `${GOLDENS}cold-build.artifact.sha256`);
    expectVersioned(createHash('sha256').update(exported).digest('hex'));
  });
});

/**
 * An index whose facts change under the same EXTRACTION_VERSION is a stale cache waiting to happen:
 * an artifact the build before wrote is reused, with the old edges, by the build after. The ledger
 * pins each version to the export it gives on this project; UPDATE_GOLDEN=1 records a new version,
 * never rewrites an old one.
 */
function expectVersioned(exportDigest: string): void {
  const path = `${GOLDENS}extraction-ledger.json`;
  const ledger = (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) as Record<string, string>;
  const pinned = ledger[String(EXTRACTION_VERSION)];
  if (pinned === undefined && process.env['UPDATE_GOLDEN'] === '1') {
    writeFileSync(path, `${JSON.stringify({ ...ledger, [String(EXTRACTION_VERSION)]: exportDigest }, null, 2)}\n`);
    return;
  }
  expect(pinned, `No ledger entry for extraction version ${EXTRACTION_VERSION}: run with UPDATE_GOLDEN=1 to record it.`).toBeDefined();
  expect(
    exportDigest,
    `The index of this project changed under extraction version ${EXTRACTION_VERSION}: bump EXTRACTION_VERSION (src/lang/extraction-version.ts) and say what changed, so that no cached artifact is read with other facts.`,
  ).toBe(pinned);
}
