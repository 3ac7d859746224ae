import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detailLevels } from '../../src/graph/rank/detail-levels.js';
import { openIndex } from '../../src/pipeline/build-index.js';
import { packContext, RANK_WEIGHTS, rankForTask } from '../../src/pipeline/query-context.js';
import { IndexSnapshot } from '../../src/pipeline/query-snapshot.js';
import { renderFileBlock } from '../../src/report/context-map.js';
import { countTokens, loadTokenCounter } from '../../src/util/token-count.js';
import { commit, gitRepo, type Tree } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

await loadTokenCounter();

const NOUNS = ['invoice', 'user', 'session', 'query', 'token', 'payment', 'record', 'ledger', 'refund', 'coupon'];

/** Modules that import each other in a ring, each with a few functions and a doc comment. */
function tree(): Tree {
  const out: Tree = {};
  NOUNS.forEach((noun, i) => {
    const next = NOUNS[(i + 1) % NOUNS.length]!;
    const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
    out[`src/${noun}.ts`] = [
      `import { load${cap(next)} } from './${next}';`,
      `/** Loads a ${noun} from the store. */`,
      `export function load${cap(noun)}(id: string) { return '${noun} ' + id; }`,
      `export function save${cap(noun)}(id: string) { return load${cap(next)}(id); }`,
      `export class ${cap(noun)}Service { run(x: string) { return save${cap(noun)}(x); } }`,
      '',
    ].join('\n');
  });
  // Shares no word and no import with anything: only history ties it to the ledger.
  out['docs/checklist.ts'] = 'export const steps = ["open", "close"];\n';
  // Neither: only a past commit's subject ties it to refunds.
  out['docs/policy.ts'] = 'export const days = 14;\n';
  return out;
}

describe('get_context ranking', { timeout: 300_000 }, () => {
  it('is deterministic, tags each file with why it ranked, and fills the budget when candidates remain', async () => {
    const cwd = gitRepo(tree());
    // History: the ledger and the checklist change together, twice.
    commit(cwd, 'rules, step one', { 'src/ledger.ts': `${tree()['src/ledger.ts']}// rule 1\n`, 'docs/checklist.ts': 'export const steps = ["open", "check", "close"];\n' });
    commit(cwd, 'rules, step two', { 'src/ledger.ts': `${tree()['src/ledger.ts']}// rule 2\n`, 'docs/checklist.ts': 'export const steps = ["open", "check", "sign", "close"];\n' });
    commit(cwd, 'Refunds within 30 days', { 'docs/policy.ts': 'export const days = 30;\n' });
    const opened = await openIndex({ cwd, rev: 'HEAD', cacheDir: cacheDir(), jobs: 1 });
    try {
      const input = { task: 'ledger totals are wrong after a refund', focusFiles: [], changedFiles: [], pathPrefix: '' };
      const first = await rankForTask(await IndexSnapshot.load(opened.store, 0), input);
      const second = await rankForTask(await IndexSnapshot.load(opened.store, 0), input);
      const plain = (r: typeof first) => JSON.stringify(r.map((f) => ({ ...f, symbolScores: [...f.symbolScores] })));
      expect(plain(second)).toBe(plain(first));

      const byPath = new Map(first.map((f) => [f.path, f]));
      expect(first[0]!.path).toBe('src/ledger.ts');
      expect(byPath.get('src/ledger.ts')!.tags).toContain('match');
      // No word of the task in it, no edge to the matches: ranked by history alone.
      expect(byPath.get('docs/checklist.ts')!.tags).toEqual(['co-change']);
      expect(byPath.get('docs/checklist.ts')!.parts).toMatchObject({ text: 0, symbol: 0, graph: 0, history: 0 });
      // No word of the task in it and no link to the matches; a past commit about refunds changed it.
      expect(byPath.get('docs/policy.ts')!.tags).toEqual(['history']);
      expect(byPath.get('docs/policy.ts')!.parts).toMatchObject({ text: 0, symbol: 0, graph: 0, history: 1 });
      // A file the ledger imports, reached through the graph.
      expect(byPath.get('src/invoice.ts')!.parts.graph).toBeGreaterThan(0);

      const changed = await rankForTask(await IndexSnapshot.load(opened.store, 0), { ...input, changedFiles: ['src/coupon.ts'] });
      expect(changed.find((f) => f.path === 'src/coupon.ts')!.tags).toContain('changed');

      const snapshot = await IndexSnapshot.load(opened.store, 0);
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 20, max: 700 }), fc.constantFrom('ledger refund', 'load a user session', 'payment coupon token', ''), async (budget, task) => {
          const ranked = await rankForTask(snapshot, { ...input, task });
          const packed = packContext(snapshot, ranked, { budget, offset: 0, count: countTokens, render: renderFileBlock });
          const used = packed.blocks.reduce((n, b) => n + b.tokens, 0);
          expect(used).toBeLessThanOrEqual(budget);
          const left = budget - used;
          const costs = (i: number) => {
            const f = ranked[i]!;
            const header = { path: f.path, lines: snapshot.fileRecords.get(f.path)!.lines, tags: f.tags };
            return detailLevels(snapshot.symbolsOf(f.path), f.symbolScores).map((l) => countTokens(`${renderFileBlock(header, l.symbols, l.docs)}\n`));
          };
          // Filled: when files remain, the next one does not fit, and no file shown can show more.
          if (packed.nextOffset !== null) expect(costs(packed.blocks.length)[0]!).toBeGreaterThan(left);
          packed.blocks.forEach((block, i) => {
            const levels = costs(i);
            if (block.level + 1 < levels.length) expect(levels[block.level + 1]! - levels[block.level]!).toBeGreaterThan(left);
          });
        }),
        { numRuns: 40, seed: 22 },
      );
    } finally {
      await opened.store.close();
    }
  });

  it('finds, by the words of the best matches, a file that shares none with the task (pseudo-relevance feedback)', async () => {
    const files: Tree = {
      'src/ledger.ts': 'export function ledgerTotals(rows: number[]) { return reconcileLedger(rows); }\nexport function reconcileLedger(rows: number[]) { return rows.length; }\n',
      // No word of the task: only the top match's names (`reconcile`) tie it to the task's subject.
      'src/nightly-job.ts': 'export function runReconcile(day: string) { return day; }\n',
    };
    // Enough unrelated files that the best matches are a small share of the repository.
    for (let i = 0; i < 60; i++) files[`src/filler${i}.ts`] = `export function fillerStep${i}(x: number) { return x + ${i}; }\n`;
    const opened = await openIndex({ cwd: gitRepo(files), rev: 'HEAD', cacheDir: cacheDir(), jobs: 1 });
    try {
      const snapshot = await IndexSnapshot.load(opened.store, 0);
      const input = { task: 'ledger totals are wrong', focusFiles: [], changedFiles: [], pathPrefix: '' };
      const rankOf = (ranked: Awaited<ReturnType<typeof rankForTask>>, path: string) => ranked.findIndex((f) => f.path === path);
      const withFeedback = await rankForTask(snapshot, input);
      const without = await rankForTask(snapshot, input, { ...RANK_WEIGHTS, feedback: 0 });
      expect(withFeedback[0]!.path).toBe('src/ledger.ts');
      expect(without.find((f) => f.path === 'src/nightly-job.ts')!.parts.text).toBe(0);
      expect(withFeedback.find((f) => f.path === 'src/nightly-job.ts')!.parts.text).toBeGreaterThan(0);
      expect(rankOf(withFeedback, 'src/nightly-job.ts')).toBe(1);
    } finally {
      await opened.store.close();
    }
  });
  it('ranks a file beside the best match above an unrelated one, though neither shares a word with the task (folder signal)', async () => {
    const files: Tree = {
      'src/billing/ledger.ts': 'export function ledgerTotals(rows: number[]) { return rows.length; }\n',
      // No word of the task, no import either way: only its folder ties it to the ledger.
      'src/billing/rounding.ts': 'export function roundCents(x: number) { return Math.round(x); }\n',
      // The same, in another folder (first by path, so only the folder can put the other first).
      'src/aaa/rounding.ts': 'export function roundCents(x: number) { return Math.round(x); }\n',
    };
    for (let i = 0; i < 20; i++) files[`src/filler/f${i}.ts`] = `export function fillerStep${i}(x: number) { return x + ${i}; }\n`;
    const opened = await openIndex({ cwd: gitRepo(files), rev: 'HEAD', cacheDir: cacheDir(), jobs: 1 });
    try {
      const snapshot = await IndexSnapshot.load(opened.store, 0);
      const ranked = await rankForTask(snapshot, { task: 'ledger totals are wrong', focusFiles: [], changedFiles: [], pathPrefix: '' });
      const paths = ranked.map((f) => f.path);
      expect(paths[0]).toBe('src/billing/ledger.ts');
      expect(paths[1]).toBe('src/billing/rounding.ts');
      expect(paths.indexOf('src/aaa/rounding.ts')).toBeGreaterThan(1);
    } finally {
      await opened.store.close();
    }
  });
});
