import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { parseFile } from '../../src/parse/parse-file.js';
import { gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

// 20,000 terms, 80 KB: the parse takes about a second, but the tree nests 20,000 deep and running
// the extraction queries over it took 30-39 s of CPU, after which the file was reported `ok`.
// One term per line, so that the file is not skipped as minified before it is parsed.
const DEEP_SUM = `export const b = ${Array(20_000).fill('1').join(' +\n')};\n`;

describe('a file over its time budget', { timeout: 120_000 }, () => {
  it('is failed: timeout, and the budget bounds the queries as well as the parse', async () => {
    const started = performance.now();
    const outcome = await parseFile({ path: 'src/deep.ts', language: 'typescript', text: DEEP_SUM, timeoutMs: 1000 });
    expect(outcome).toMatchObject({ ok: false, reason: 'timeout' });
    // The grammar load and query compile of this thread come on top of the 1 s budget.
    expect(performance.now() - started).toBeLessThan(6000);
  });

  it('leaves the rest of the index whole and counts the file as failed', async () => {
    const cwd = gitRepo({
      'ratlas.config.json': JSON.stringify({ index: { parseTimeoutMs: 1000 } }),
      'src/deep.ts': DEEP_SUM,
      'src/ok.ts': 'export function fine() { return 1; }\n',
    });
    const result = await buildIndex({ cwd, cacheDir: cacheDir(), jobs: 1 });
    expect(result.files, JSON.stringify(result.warnings)).toMatchObject({ total: 2, ok: 1, failed: 1 });
    expect(result.symbols).toBeGreaterThanOrEqual(1);
  });
});
