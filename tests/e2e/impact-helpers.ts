import { expect } from 'vitest';
import { schemaErrors } from '../../src/schema/validate.js';
import { commit, type Tree } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';

/** A small app: a store, code using it three ways, and tests that reach it (or not). */
export const APP = {
  'package.json': '{ "name": "demo", "private": true, "dependencies": { "left-pad": "1.0.0" } }\n',
  'src/store.ts': [
    'export class Store {',
    '  save(item: string) { return item.trim(); }',
    '  load() { return 1; }',
    '}',
    'export function price(x: number) { return x * 100; }',
    'export function unused() { return 0; }',
    '',
  ].join('\n'),
  'src/cart.ts': [
    "import { price, Store } from './store';",
    'export function total(items: number[]) { return items.map(price).reduce((a, b) => a + b, 0); }',
    'export function persist(s: Store) { return s.save("cart"); }',
    '',
  ].join('\n'),
  'src/report.ts': ['export function title() { return "report"; }', ''].join('\n'),
  'tests/cart.test.ts': ["import { total } from '../src/cart';", "test('total', () => { expect(total([1])).toBe(100); });", ''].join('\n'),
  'tests/persist.test.ts': [
    "import { persist } from '../src/cart';",
    "import { Store } from '../src/store';",
    "test('persist', () => { expect(persist(new Store())).toBe('cart'); });",
    '',
  ].join('\n'),
  'tests/report.test.ts': ["import { title } from '../src/report';", "test('title', () => { expect(title()).toBe('report'); });", ''].join('\n'),
};

/**
 * Runs `ratlas impact … --format json` in this process (tests/helpers/run-in-process.ts; the spawned
 * binary is covered by impact-exit-codes.test.ts), checks the exit code and the schema, returns the report.
 */
export async function impactJson(cwd: string, args: string[]): Promise<ReportLike> {
  const result = await runInProcess(['impact', ...args, '--format', 'json'], { cwd });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const report = JSON.parse(result.stdout) as ReportLike;
  expect(schemaErrors('impact-report', report)).toEqual([]);
  return report;
}

/** Commits `tree` on top of the repository and reads the impact of that commit. */
export async function impactOfCommit(cwd: string, message: string, tree: Tree): Promise<ReportLike> {
  commit(cwd, message, tree);
  return impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
}

export function selectedFiles(report: ReportLike): string[] {
  return report.tests.selected.map((t) => t.file);
}

export function reasonCodes(report: ReportLike): string[] {
  return report.tests.reasons.map((r) => r.code);
}

export interface ReportLike {
  changes: { file: string; status: string; symbols: { qualname: string; change: string; previous?: { file: string; qualname: string } }[] }[];
  impacted: { file: string; qualname: string; depth: number; effect: string; via: { relation: string; file?: string; qualname?: string }[] }[];
  tests: {
    runAll: boolean;
    reasons: { code: string; message: string; file?: string }[];
    selected: { file: string; reachedFrom: { from: { file: string; qualname: string | null }; via: { file: string; qualname: string; relation: string }[] } }[];
    total: number;
    all?: string[];
    ignored: { file: string; code: string }[];
    /** Why floor tests stayed: each changed file nothing proved closed, with its reasons. */
    floor?: { size: number; droppedByProof: number; droppedOutsideFloor: number; open: { file: string; reasons: { code: string; message: string }[] }[] };
  };
  warnings: { code: string; message: string; file?: string }[];
}
