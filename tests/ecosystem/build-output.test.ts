import { describe, expect, it } from 'vitest';
import { npmBuiltFrom } from '../../src/ecosystem/npm/build-output.js';

const tree = (...files: string[]) => {
  const set = new Set(files);
  const dirs = new Set(files.flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
  return [(p: string) => set.has(p), (d: string) => d === '' || dirs.has(d)] as const;
};

describe('npmBuiltFrom: what an import of build output runs', () => {
  it('the source a compiled file is built from, in the package or its src', () => {
    expect(npmBuiltFrom('dist/index.js', ...tree('src/index.ts'))).toEqual({ file: 'src/index.ts' });
    expect(npmBuiltFrom('packages/a/lib/util/x.mjs', ...tree('packages/a/src/util/x.mts'))).toEqual({ file: 'packages/a/src/util/x.mts' });
    expect(npmBuiltFrom('build/compiled/test/setup.js', ...tree('test/setup.ts', 'src/a.ts'))).toEqual({ file: 'test/setup.ts' });
    expect(npmBuiltFrom('dist/types/index.d.ts', ...tree('src/types/index.ts'))).toEqual({ file: 'src/types/index.ts' });
  });

  it("a bundle's chunk names no source: the folder the build reads", () => {
    expect(npmBuiltFrom('dist/bundle/chunk-AB12.js', ...tree('src/a.ts', 'bin/run.js'))).toEqual({ dir: 'src' });
    expect(npmBuiltFrom('packages/b/dist/main.cjs', ...tree('packages/b/index.ts'))).toEqual({ dir: 'packages/b' });
  });

  it('a missing file outside any build folder, or in a folder the tree holds, is none', () => {
    expect(npmBuiltFrom('src/deleted.ts', ...tree('src/a.ts'))).toBeNull();
    expect(npmBuiltFrom('lib/missing.js', ...tree('lib/present.js'))).toBeNull();
  });
});
