import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { lineDiff } from './line-diff.js';

const ACCEPT = 'Run `UPDATE_GOLDEN=1 npx vitest run tests/lang` to accept the new output, then review the golden diff.';

/**
 * Compares `actual` with the golden file; with UPDATE_GOLDEN=1 writes it instead. A mismatch throws
 * with a unified diff (golden → actual) and the command that accepts it.
 */
export function expectGolden(actual: string, goldenPath: string): void {
  const shown = relative(process.cwd(), goldenPath);
  if (process.env['UPDATE_GOLDEN'] === '1') {
    mkdirSync(dirname(goldenPath), { recursive: true });
    writeFileSync(goldenPath, actual);
    return;
  }
  if (!existsSync(goldenPath)) throw new Error(`No golden at ${shown}.\n${ACCEPT}`);
  const expected = readFileSync(goldenPath, 'utf8');
  if (expected === actual) return;
  throw new Error(`Output differs from ${shown}:\n${lineDiff(expected, actual, shown)}\n${ACCEPT}`);
}
