import { describe, expect, it } from 'vitest';
import { attributePackages } from '../../src/select/dependencies/attribute-packages.js';
import { diffManifest } from '../../src/select/dependencies/diff-manifest.js';

describe('diffManifest', () => {
  const base = JSON.stringify({ name: 'app', version: '1.0.0', scripts: { lint: 'eslint .', test: 'vitest' }, dependencies: { a: '1.0.0' }, devDependencies: { b: '2.0.0' } });
  const CASES: { name: string; head: object; packages: string[]; fields: string[] }[] = [
    { name: 'a bumped dependency', head: { name: 'app', version: '1.0.0', scripts: { lint: 'eslint .', test: 'vitest' }, dependencies: { a: '1.1.0' }, devDependencies: { b: '2.0.0' } }, packages: ['a'], fields: [] },
    { name: 'an added and a removed dependency', head: { name: 'app', version: '1.0.0', scripts: { lint: 'eslint .', test: 'vitest' }, dependencies: { c: '1.0.0' }, devDependencies: { b: '2.0.0' } }, packages: ['a', 'c'], fields: [] },
    { name: 'version and a lint script are inert', head: { name: 'app', version: '1.1.0', scripts: { lint: 'eslint src', test: 'vitest' }, dependencies: { a: '1.0.0' }, devDependencies: { b: '2.0.0' } }, packages: [], fields: [] },
    { name: 'the test script and exports are not', head: { name: 'app', version: '1.0.0', exports: './x.js', scripts: { lint: 'eslint .', test: 'vitest run' }, dependencies: { a: '1.0.0' }, devDependencies: { b: '2.0.0' } }, packages: [], fields: ['exports', 'scripts'] },
  ];
  for (const c of CASES) {
    it(c.name, () => {
      expect(diffManifest(base, JSON.stringify(c.head))).toEqual({ packages: c.packages, fields: c.fields });
    });
  }
});

describe('attributePackages', () => {
  const deps = new Map<string, Set<string>>([
    ['vitest', new Set(['tinypool'])],
    ['date-kit', new Set(['tz-data'])],
    ['eslint-plugin-x', new Set(['tiny-glob'])],
  ]);
  const globs = { toolchain: ['vitest', '@vitest/*'], inert: ['eslint*', '@types/*'] };
  const imported = (name: string) => name === 'date-kit';
  const CASES = [
    { name: 'a transitive bump is attributed to the package code imports', changed: ['tz-data'], expected: { imported: ['date-kit'], toolchain: [], unattributed: [], inert: [] } },
    { name: 'a dependency of the runner is toolchain', changed: ['tinypool'], expected: { imported: [], toolchain: ['vitest'], unattributed: [], inert: [] } },
    { name: 'a dependency of a lint plugin is inert', changed: ['tiny-glob'], expected: { imported: [], toolchain: [], unattributed: [], inert: ['eslint-plugin-x'] } },
    { name: 'a package nothing imports is unattributed', changed: ['left-pad'], expected: { imported: [], toolchain: [], unattributed: ['left-pad'], inert: [] } },
  ];
  for (const c of CASES) {
    it(c.name, () => {
      expect(attributePackages(c.changed, deps, imported, globs)).toEqual(c.expected);
    });
  }
});
