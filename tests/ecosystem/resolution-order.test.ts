import { describe, expect, it } from 'vitest';
import { npmExtensionGroups } from '../../src/ecosystem/npm/resolution-order.js';
import type { TestUniverse } from '../../src/ecosystem/types.js';

const universe = (runner: string, extensions?: string[]): TestUniverse => ({
  ecosystem: 'npm',
  runner,
  configFile: null,
  root: '',
  roots: [],
  include: [],
  exclude: [],
  setupFiles: [],
  aliases: [],
  warnings: [],
  ...(extensions && { extensions }),
});

describe('npmExtensionGroups: files one import may load, by whose extension order answers', () => {
  it('groups the files of a folder with one name before a code extension', () => {
    const files = ['src/a.js', 'src/a.mjs', 'src/a.ts', 'src/a.d.ts', 'src/b.mts', 'src/b.tsx', 'src/c.ts', 'src/c.test.ts', 'lib/a.js'];
    expect(npmExtensionGroups(files, [universe('vitest')])).toEqual([
      ['src/a.d.ts', 'src/a.js', 'src/a.mjs', 'src/a.ts'],
      ['src/b.mts', 'src/b.tsx'],
    ]);
  });

  it("reads a name before an extension the runner's configured order lists (a platform variant)", () => {
    const files = ['src/a.js', 'src/a.web.js', 'src/b.web.ts', 'src/b.ts', 'src/c.native.js', 'src/c.js'];
    expect(npmExtensionGroups(files, [universe('jest', ['web.js', 'js']), universe('vitest', ['.web.ts', '.ts'])])).toEqual([
      ['src/a.js', 'src/a.web.js'],
      ['src/b.ts', 'src/b.web.ts'],
    ]);
    // Without the configured order, `a.web.js` is a module of its own name.
    expect(npmExtensionGroups(files, [universe('jest')])).toEqual([]);
  });

  it('leaves installed packages and lone files alone', () => {
    expect(npmExtensionGroups(['node_modules/x/a.js', 'node_modules/x/a.d.ts', 'src/a.ts', 'src/a.css'], [universe('jest')])).toEqual([]);
  });
});
