import { describe, expect, it } from 'vitest';
import { fitColumns } from '../../src/report/fit-columns.js';

describe('fitColumns', () => {
  it('keeps the last path segment of a cut name, so rows that differ only there stay apart', () => {
    const rows = [['tests/bad-input/status-text-control-characters.test.ts', '0.12'], ['tests/bad-input/text-control-characters.test.ts', '0.12']];
    const [a, b] = fitColumns(rows, [{ flex: true, min: 20, cut: 'path' }, {}], 46);
    expect(a).toBe('  …tatus-text-control-characters.test.ts  0.12');
    expect(b).toBe('  tests/…text-control-characters.test.ts  0.12');
    expect(a).not.toBe(b);
  });

  it("keeps a symbol's own name after the file", () => {
    const [row] = fitColumns([['action-dist/src/parse/worker.js#onlyBinding', 'calls expressionAt']], [{ flex: true, min: 20, cut: 'path' }, {}], 50);
    expect(row).toBe('  action…worker.js#onlyBinding  calls expressionAt');
  });

  it('cuts a name without a path around its middle', () => {
    const [row] = fitColumns([['AbstractSqliteQueryRunnerFactoryProvider', 'x']], [{ flex: true, min: 12 }, {}], 20);
    expect(row).toBe('  Abstr…yProvider  x');
  });
});
