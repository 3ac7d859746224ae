import { describe, expect, it } from 'vitest';
import { npmPackageFile } from '../../src/ecosystem/npm/workspace-packages.js';

const manifests = new Map([
  ['package.json', JSON.stringify({ name: 'root', private: true })],
  ['packages/config/package.json', JSON.stringify({ name: '@repo/config', exports: { '.': { types: './index.d.ts', import: './index.js' }, './vitest': './vitest/index.ts' } })],
  ['packages/plain/package.json', JSON.stringify({ name: 'plain', main: 'lib/main' })],
  ['packages/bare/package.json', JSON.stringify({ name: 'bare' })],
  ['packages/one/package.json', JSON.stringify({ name: 'one', exports: './src/one.mjs' })],
  ['fixtures/a/package.json', JSON.stringify({ name: 'twice' })],
  ['fixtures/b/package.json', JSON.stringify({ name: 'twice' })],
]);
const files = new Set(['packages/config/index.js', 'packages/config/vitest/index.ts', 'packages/plain/lib/main.js', 'packages/bare/index.ts', 'packages/one/src/one.mjs', 'fixtures/a/index.js', 'fixtures/b/index.js']);
const fileOf = (specifier: string) => npmPackageFile(specifier, manifests, (p) => files.has(p));

describe('npmPackageFile: the file of the tree a bare specifier naming a workspace package loads', () => {
  it('follows exports (subpaths, the import condition before default), then module/main, then index', () => {
    expect(fileOf('@repo/config')).toBe('packages/config/index.js');
    expect(fileOf('@repo/config/vitest')).toBe('packages/config/vitest/index.ts');
    expect(fileOf('plain')).toBe('packages/plain/lib/main.js');
    expect(fileOf('bare')).toBe('packages/bare/index.ts');
    expect(fileOf('one')).toBe('packages/one/src/one.mjs');
  });

  it('is null for what exports does not list, a package not in the tree, and a name two packages share', () => {
    expect(fileOf('@repo/config/other')).toBeNull();
    expect(fileOf('one/src/one.mjs')).toBeNull();
    expect(fileOf('vitest/config')).toBeNull();
    expect(fileOf('twice')).toBeNull();
  });
});
