import { describe, expect, it } from 'vitest';
import { isPackageManifest, packageEntryGroups } from '../../src/ecosystem/npm/package-entries.js';

const tree = (...paths: string[]) => {
  const files = new Set(paths);
  return (p: string) => files.has(p);
};

describe('packageEntryGroups: the files one specifier of a package may load', () => {
  it('groups the entry fields that name files of the tree', () => {
    const exists = tree('lib/cjs/index.js', 'lib/esm/index.mjs', 'lib/types/index.d.ts');
    const text = JSON.stringify({ main: './cjs/index.js', module: './esm/index.mjs', types: './types/index.d.ts' });
    expect(packageEntryGroups('lib/package.json', text, exists)).toEqual([['lib/cjs/index.js', 'lib/esm/index.mjs', 'lib/types/index.d.ts']]);
  });

  it('groups every condition of each exports subpath, with the entry fields for "."', () => {
    const exists = tree('p/types/index.d.ts', 'p/src/index.js', 'p/src/cjs.cjs', 'p/src/util.js', 'p/types/util.d.ts');
    const text = JSON.stringify({
      main: './src/cjs.cjs',
      exports: {
        '.': { types: './types/index.d.ts', import: './src/index.js', require: './src/cjs.cjs' },
        './util': { types: './types/util.d.ts', default: './src/util.js' },
        './plugins/*': './src/plugins/*.js',
      },
    });
    expect(packageEntryGroups('p/package.json', text, exists)).toEqual([
      ['p/src/cjs.cjs', 'p/src/index.js', 'p/types/index.d.ts'],
      ['p/src/util.js', 'p/types/util.d.ts'],
    ]);
  });

  it('groups a wildcard subpath once for each file of the tree it matches, and the imports map as exports', () => {
    const files = ['p/src/util.js', 'p/src/io.js', 'p/types/util.d.ts', 'p/src/private/x.js', 'p/src/env.js', 'p/types/env.d.ts'];
    const text = JSON.stringify({
      exports: { './*': { types: './types/*.d.ts', default: './src/*.js' } },
      imports: { '#env': { types: './types/env.d.ts', default: './src/env.js' } },
    });
    expect(packageEntryGroups('p/package.json', text, tree(...files), files)).toEqual([
      ['p/src/env.js', 'p/types/env.d.ts'],
      ['p/src/util.js', 'p/types/util.d.ts'],
      ['p/src/env.js', 'p/types/env.d.ts'],
    ]);
  });

  it('finds targets written without an extension, and leaves out what the tree does not hold', () => {
    const exists = tree('index.js', 'index.d.ts');
    expect(packageEntryGroups('package.json', JSON.stringify({ main: 'index', types: 'index.d.ts', module: 'dist/index.mjs' }), exists)).toEqual([['index.d.ts', 'index.js']]);
    expect(packageEntryGroups('package.json', JSON.stringify({ main: './index.js' }), exists)).toEqual([]);
  });

  it('answers nothing for a manifest that does not parse, and knows manifests by name', () => {
    expect(packageEntryGroups('package.json', '{ "main": ', tree('a.js'))).toEqual([]);
    expect([isPackageManifest('package.json'), isPackageManifest('packages/a/package.json'), isPackageManifest('node_modules/x/package.json'), isPackageManifest('src/package.json.ts')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
