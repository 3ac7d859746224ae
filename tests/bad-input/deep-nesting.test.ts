import { describe, expect, it } from 'vitest';
import { MAX_SYMBOL_DEPTH } from '../../src/lang/qualnames.js';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { extractFile } from '../lang/helpers/annotated-golden.js';
import { gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

/** `depth` functions each declared inside the one before: 27 KB of text for 3,000. */
function nested(depth: number, innermost = ''): string {
  return `${Array.from({ length: depth }, (_, i) => `function f${i}() {\n`).join('')}${innermost}${'}\n'.repeat(depth)}`;
}

describe('deeply nested declarations have a bounded cost', { timeout: 120_000 }, () => {
  it('symbols stop at the depth limit; deeper text and references belong to the deepest symbol', async () => {
    const source = nested(3000, 'helper();\n');
    const extraction = await extractFile('src/deep.ts', source);
    expect(extraction.symbols.filter((s) => s.kind === 'function')).toHaveLength(MAX_SYMBOL_DEPTH);
    expect(extraction.status).toBe('partial');
    expect(extraction.problems.at(-1)?.message).toBe(`${3000 - MAX_SYMBOL_DEPTH} declarations nested more than ${MAX_SYMBOL_DEPTH} levels deep are part of their enclosing declaration`);
    const deepest = `f0.${Array.from({ length: MAX_SYMBOL_DEPTH - 1 }, (_, i) => `f${i + 1}`).join('.')}`;
    expect(extraction.refs.find((r) => r.name === 'helper')?.scope).toBe(deepest);
  });

  it('a change deep inside still changes the body of the deepest symbol', async () => {
    const before = await extractFile('src/deep.ts', nested(100, 'helper(1);\n'));
    const after = await extractFile('src/deep.ts', nested(100, 'helper(2);\n'));
    const hash = (e: typeof before) => e.symbols.find((s) => s.qualname.split('.').length === MAX_SYMBOL_DEPTH)?.bodyHash;
    expect(hash(before)).toBeDefined();
    expect(hash(after)).not.toBe(hash(before));
  });

  it('3,000 nested functions make a small artifact (it was 16 MB)', async () => {
    const cwd = gitRepo({ 'src/deep.ts': nested(3000) });
    const result = await buildIndex({ cwd, cacheDir: cacheDir(), jobs: 1 });
    expect(result.files).toMatchObject({ total: 1, partial: 1 });
    expect(result.artifactBytes).toBeLessThan(200_000);
  });
});
