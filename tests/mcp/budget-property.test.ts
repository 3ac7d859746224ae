import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens, loadTokenCounter } from '../../src/util/token-count.js';
import { gitRepo, type Tree } from '../helpers/git-repo.js';
import { connectInProcess } from './in-process.js';

await loadTokenCounter();

const AREAS = ['billing', 'auth', 'search', 'storage'];
const NOUNS = ['invoice', 'user', 'session', 'query', 'index', 'token', 'payment', 'record'];
const VERBS = ['create', 'parse', 'validate', 'render', 'load', 'save'];

/** A generated codebase: per area, modules of functions and a service class that call each other across files. */
function generatedTree(): Tree {
  const tree: Tree = {};
  for (const [a, area] of AREAS.entries()) {
    for (const [n, noun] of NOUNS.entries()) {
      if ((a + n) % 2 === 1) continue;
      const cap = noun[0]!.toUpperCase() + noun.slice(1);
      const other = NOUNS[(n + 3) % NOUNS.length]!;
      const lines = [`import { ${VERBS[0]}${other[0]!.toUpperCase()}${other.slice(1)} } from '../${AREAS[(a + 1) % AREAS.length]}/${other}';`, ''];
      for (const verb of VERBS) {
        lines.push(`/** ${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun} for ${area}. */`);
        lines.push(`export function ${verb}${cap}(input: string): string {`, `  return ${VERBS[0]}${other[0]!.toUpperCase()}${other.slice(1)}(input) + '${verb}';`, '}', '');
      }
      lines.push(`export class ${cap}Service {`, `  run(x: string): string { return parse${cap}(x); }`, `  private cache = new Map<string, string>();`, '}', '');
      tree[`src/${area}/${noun}.ts`] = lines.join('\n');
    }
  }
  // Every file the imports name must exist, so add the missing targets as small modules.
  for (const area of AREAS) {
    for (const noun of NOUNS) {
      const path = `src/${area}/${noun}.ts`;
      const cap = noun[0]!.toUpperCase() + noun.slice(1);
      tree[path] ??= `export function create${cap}(input: string): string {\n  return input;\n}\n`;
    }
  }
  tree['tests/billing.test.ts'] = "import { parseInvoice } from '../src/billing/invoice';\nparseInvoice('x');\n";
  return tree;
}

const word = fc.constantFrom(...AREAS, ...NOUNS, ...VERBS, 'the', 'fix', 'a', 'camelCaseThing', 'snake_case_name', 'parseInvoice', 'UserService.run', 'ünïcödé', '🙂', '\u202e');
const task = fc.oneof(fc.array(word, { minLength: 1, maxLength: 12 }).map((words) => words.join(' ')), fc.string({ minLength: 1, maxLength: 200 }));

describe('answers under a budget', () => {
  // Hundreds of calls on one server: slow on a loaded machine, so a longer timeout than the default.
  it('never exceed the budget and are byte-identical when asked twice', { timeout: 300_000 }, async () => {
    const cwd = gitRepo(generatedTree());
    const call = await connectInProcess(cwd);
    const paths = Object.keys(generatedTree()).sort();

    await fc.assert(
      fc.asyncProperty(
        task,
        fc.integer({ min: 200, max: 3000 }),
        fc.subarray(paths, { maxLength: 3 }),
        async (text, budget, focus) => {
          const first = await call('get_context', { task: text, budget, focus_files: focus });
          expect(first.isError, first.text).toBe(false);
          const used = countTokens(first.text);
          expect(used).toBeLessThanOrEqual(budget);
          expect(first.text.split('\n', 1)[0]).toContain(` ${used}/${budget} tokens `);
          // Not merely under the budget (an empty answer is): the focus files come first, and while
          // files remain unshown the budget is used up to about one more file's block.
          const shown = first.text.split('\n').filter((line) => /^\S+ \(\d+ lines\)( \[.*\])?$/.test(line)).map((line) => line.split(' ', 1)[0]);
          expect(shown.length).toBeGreaterThan(0);
          expect(shown.slice(0, focus.length).sort()).toEqual([...focus].sort());
          if (/more files ranked lower/.test(first.text)) expect(used).toBeGreaterThan(budget - 80);
          expect((await call('get_context', { task: text, budget, focus_files: focus })).text).toBe(first.text);
        },
      ),
      { numRuns: 60, seed: 20261130 },
    );

    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 2500 }), fc.constantFrom('', 'src/', 'src/auth', 'src/billing/', 'tests'), async (budget, prefix) => {
        const first = await call('repo_map', { budget, path_prefix: prefix });
        expect(countTokens(first.text)).toBeLessThanOrEqual(budget);
        expect((await call('repo_map', { budget, path_prefix: prefix })).text).toBe(first.text);
      }),
      { numRuns: 25, seed: 7 },
    );

    await fc.assert(
      fc.asyncProperty(task, fc.integer({ min: 1, max: 100 }), fc.integer({ min: 200, max: 1200 }), async (query, limit, budget) => {
        for (const tool of ['find_symbol', 'impact_of', 'callers_of'] as const) {
          const args = tool === 'find_symbol' ? { query, limit, budget } : tool === 'impact_of' ? { target: 'parseInvoice', limit, budget, file: 'src/billing/invoice.ts' } : { qualname: 'createUser', file: 'src/auth/user.ts', limit, budget, depth: 3 };
          const answer = await call(tool, args);
          expect(answer.isError, answer.text).toBe(false);
          expect(countTokens(answer.text)).toBeLessThanOrEqual(budget);
          expect((await call(tool, args)).text).toBe(answer.text);
        }
      }),
      { numRuns: 25, seed: 11 },
    );
  });
});
