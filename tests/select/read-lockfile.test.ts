import { describe, expect, it } from 'vitest';
import { changedPackages, readLockfile } from '../../src/select/dependencies/read-lockfile.js';

const NPM = (tz: string) =>
  JSON.stringify({
    lockfileVersion: 3,
    packages: {
      '': { dependencies: { 'date-kit': '2.0.0' } },
      'node_modules/date-kit': { version: '2.0.0', dependencies: { 'tz-data': '^1' } },
      'node_modules/tz-data': { version: tz },
      'node_modules/date-kit/node_modules/tz-data': { version: '0.9.0' },
    },
  });

const PNPM = (tz: string) => `lockfileVersion: '9.0'

importers:

  .:
    dependencies:
      date-kit:
        specifier: ^2.0.0
        version: 2.0.0

packages:

  date-kit@2.0.0:
    resolution: {integrity: sha512-a}

  tz-data@${tz}:
    resolution: {integrity: sha512-${tz}}

snapshots:

  date-kit@2.0.0:
    dependencies:
      tz-data: ${tz}

  '@scope/tz-data@1.0.0(date-kit@2.0.0)':
    dependencies:
      date-kit: 2.0.0

  tz-data@${tz}: {}
`;

const YARN_V1 = (tz: string) => `# yarn lockfile v1

"date-kit@^2.0.0":
  version "2.0.0"
  resolved "https://example.invalid/date-kit-2.0.0.tgz"
  dependencies:
    tz-data "^1.0.0"

tz-data@^1.0.0, tz-data@^1.1.0:
  version "${tz}"
`;

const YARN_BERRY = (tz: string) => `__metadata:
  version: 8

"date-kit@npm:^2.0.0":
  version: 2.0.0
  dependencies:
    tz-data: "npm:^1.0.0"

"tz-data@npm:^1.0.0":
  version: ${tz}
`;

const CASES = [
  { name: 'npm package-lock v3', file: 'package-lock.json', text: NPM },
  { name: 'pnpm v9 (packages + snapshots)', file: 'pnpm-lock.yaml', text: PNPM },
  { name: 'yarn v1', file: 'yarn.lock', text: YARN_V1 },
  { name: 'yarn berry', file: 'yarn.lock', text: YARN_BERRY },
];

describe('readLockfile', () => {
  for (const c of CASES) {
    it(`${c.name}: a bump changes that package only, and dependencies are read`, () => {
      const before = readLockfile(c.file, c.text('1.0.0'));
      const after = readLockfile(c.file, c.text('1.2.0'));
      expect(changedPackages(before, after)).toEqual(['tz-data']);
      expect([...(after.dependencies.get('date-kit') ?? [])]).toEqual(['tz-data']);
      expect(changedPackages(after, readLockfile(c.file, c.text('1.2.0')))).toEqual([]);
    });
  }

  it('refuses a format it does not know', () => {
    expect(() => readLockfile('bun.lockb', '')).toThrow('not a lockfile format');
  });
});
