import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitArtifactPath, resolveCacheDir } from '../../src/store/cache-dir.js';
import { commit, git, gitRepo, writeTree } from '../helpers/git-repo.js';
import { expectGolden } from '../lang/helpers/expect-golden.js';
import { connectInProcess } from './in-process.js';

// impact_of and diff_impact answer through the same analysis as `ratlas impact` (analyzeImpact).
// The golden was written by the code before impact moved into one folder (main at ef3f346, the
// Analysis class): the restructuring must not change a single answer. Accept a reviewed change
// with: UPDATE_GOLDEN=1 npx vitest run tests/mcp/impact-answers.test.ts

const BASE = {
  'src/store.ts': [
    'export class Store {',
    '  save(item: Item): void {',
    '    this.write(item);',
    '  }',
    '  private write(item: Item): void {}',
    '}',
    'export interface Item {',
    '  id: string;',
    '}',
    '',
  ].join('\n'),
  'src/cart.ts': [
    "import { Store, type Item } from './store';",
    '',
    'export function checkoutCart(items: Item[]): number {',
    '  const store = new Store();',
    '  for (const item of items) store.save(item);',
    '  return cartTotal(items);',
    '}',
    '',
    'export function cartTotal(items: Item[]): number {',
    '  return items.length;',
    '}',
    '',
  ].join('\n'),
  'src/handlers.ts': [
    "import { cartTotal } from './cart';",
    'export const handlers = {',
    '  total: (items: { id: string }[]) => cartTotal(items),',
    '  empty: () => 0,',
    '};',
    '',
  ].join('\n'),
  'src/api/handler.ts': ["import { checkoutCart } from '../cart';", '', 'export function handleCheckout(body: string): number {', '  return checkoutCart(JSON.parse(body));', '}', ''].join('\n'),
  'src/api/route.ts': ["import { handlers } from '../handlers';", '', "export function route(kind: 'total' | 'empty') {", '  return handlers[kind]([]);', '}', ''].join('\n'),
  'tests/cart.test.ts': ["import { checkoutCart } from '../src/cart';", '', "checkoutCart([{ id: 'a' }]);", ''].join('\n'),
  'tests/route.test.ts': ["import { route } from '../src/api/route';", '', "route('total');", ''].join('\n'),
  'tests/store.test.ts': ["import { Store } from '../src/store';", '', "new Store().save({ id: 'b' });", ''].join('\n'),
};

/** The second commit: a body edit, a renamed method, and a new caller. */
const CHANGE = {
  'src/cart.ts': BASE['src/cart.ts'].replace('return items.length;', 'return items.length * 2;'),
  'src/store.ts': BASE['src/store.ts'].replace('this.write(item);', 'this.persist(item);').replace('private write(', 'private persist('),
  'src/report.ts': ["import { cartTotal } from './cart';", 'export function report(): string {', '  return `total ${cartTotal([])}`;', '}', ''].join('\n'),
};

/** Commit ids, index generations and so the tokens of the header differ from run to run; nothing else may. */
function normalize(text: string): string {
  return text
    .replace(/\b[0-9a-f]{12,40}\b/g, '<sha>')
    .replace(/, gen \d+/, ', gen <n>')
    .replace(/ \d+\/(\d+) tokens /, ' <n>/$1 tokens ');
}

async function shop() {
  const cwd = gitRepo(BASE);
  commit(cwd, 'double the total, rename write', CHANGE);
  // An uncommitted edit: the live index holds it, and `working-tree` ranges see it.
  writeTree(cwd, { 'src/handlers.ts': BASE['src/handlers.ts'].replace('empty: () => 0', 'empty: () => -1') });
  return cwd;
}

describe('MCP impact answers', { timeout: 300_000 }, () => {
  it('are what they were before impact moved into one folder, and a range\'s base index is kept between calls', async () => {
    const cwd = await shop();
    const call = await connectInProcess(cwd);
    const calls: [string, Record<string, unknown>][] = [
      ['impact_of', { target: 'cartTotal' }],
      ['impact_of', { target: 'src/store.ts', min_confidence: 0 }],
      ['impact_of', { target: 'Store.save', file: 'src/store.ts', depth: 2 }],
      ['impact_of', { target: 'handlers.empty' }],
      ['diff_impact', { range: 'HEAD~1...HEAD' }],
      ['diff_impact', { range: 'working-tree', min_confidence: 0 }],
      ['impact_of', { target: 'noSuchSymbol' }],
    ];
    const answers: string[] = [];
    for (const [tool, args] of calls) {
      const answer = await call(tool, args);
      answers.push(`## ${tool} ${JSON.stringify(args)}${answer.isError ? ' (error)' : ''}\n${normalize(answer.text)}\n`);
    }
    expectGolden(answers.join('\n'), join(import.meta.dirname, 'goldens', 'impact-answers.txt'));

    // diff_impact over the same range again: the base index is the one kept from the first call,
    // not its artifact reopened (which would find it damaged, warn and rebuild it).
    const artifact = commitArtifactPath(resolveCacheDir(cwd), git(cwd, 'rev-parse', 'HEAD~1').trim());
    expect(existsSync(artifact)).toBe(true);
    writeFileSync(artifact, 'not an index');
    const again = await call('diff_impact', { range: 'HEAD~1...HEAD' });
    expect(again.text).not.toMatch(/warning:/);
    expect(`## diff_impact {"range":"HEAD~1...HEAD"}\n${normalize(again.text)}\n`).toBe(answers[4]);
  });
});
