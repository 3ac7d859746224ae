import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, DEFAULTS } from '../../src/config/load-config.js';
import { PathClassifier } from '../../src/select/classify-path.js';

const isCode = (path: string) => /\.(ts|tsx|js|mjs|cjs)$/.test(path);
const classifier = new PathClassifier(DEFAULTS, isCode, CONFIG_FILE);

describe('PathClassifier (default conventions)', () => {
  const CASES: [string, string][] = [
    ['src/cart.test.ts', 'test'],
    ['src/cart.spec.tsx', 'test'],
    ['src/__tests__/cart.ts', 'test'],
    ['test/cart.js', 'test'],
    ['packages/a/tests/unit/cart.ts', 'test'],
    ['test/fixtures/input.ts', 'code'],
    ['src/__mocks__/fs.ts', 'code'],
    ['types/index.d.ts', 'code'],
    ['src/cart.ts', 'code'],
    // node --test's default names: the runner a project without one configured has.
    ['test-rate.js', 'test'],
    ['rate_test.cjs', 'test'],
    ['test.js', 'test'],
    ['lib/parser-test.mjs', 'test'],
    ['src/test-utils.ts', 'code'],
    ['vitest.config.ts', 'runner-config'],
    ['packages/a/jest.config.js', 'runner-config'],
    ['.mocharc.yml', 'runner-config'],
    ['tsconfig.json', 'tsconfig'],
    ['packages/a/tsconfig.build.json', 'tsconfig'],
    ['ratlas.config.json', 'ratlas-config'],
    ['vitest.setup.ts', 'test-setup'],
    ['src/setupTests.ts', 'test-setup'],
    ['package.json', 'manifest'],
    ['packages/a/package.json', 'manifest'],
    ['pnpm-lock.yaml', 'lockfile'],
    ['yarn.lock', 'lockfile'],
    ['README.md', 'inert'],
    ['docs/guide/intro.txt', 'inert'],
    ['LICENSE', 'inert'],
    ['.github/workflows/ci.yml', 'inert'],
    // Linters and formatters: no test runs them unless it names their configuration.
    ['.oxlintrc.json', 'inert'],
    ['packages/a/biome.jsonc', 'inert'],
    ['src/data.json', 'other'],
    ['src/theme.css', 'other'],
  ];
  for (const [path, role] of CASES) {
    it(`${path} is ${role}`, () => {
      expect(classifier.role(path)).toBe(role);
    });
  }
});

describe('PathClassifier glob lists', () => {
  // A list is compiled when first asked: with a test universe, tests.include and tests.exclude never
  // are (compiling the defaults cost ~30 ms of every impact run). Lists from a configuration file are
  // refused when it is read (load-config.ts), so laziness hides no error of the user's.
  const refused = { ...DEFAULTS, tests: { ...DEFAULTS.tests, include: ['!(a)'], exclude: ['!(b)'] } };
  const universe = {
    universes: [],
    isTest: (path: string) => path.endsWith('.test.ts'),
    checksTypes: () => true,
    setupFilesOf: () => [],
    setupFiles: new Set<string>(),
    setupByName: new Set<string>(),
    testSetupOnly: new Set<string>(),
    implicitNames: new Set<string>(),
    inSourceTests: new Set<string>(),
    textTests: new Set<string>(),
    inSourceUntraced: new Set<string>(),
    components: [],
    commands: [],
    runs: [],
    testOfConfig: () => false,
  };

  it('are compiled when first asked, so an unused list costs nothing', () => {
    const withUniverse = new PathClassifier(refused, isCode, CONFIG_FILE, universe);
    expect(withUniverse.role('src/cart.test.ts')).toBe('test');
    expect(withUniverse.role('src/cart.ts')).toBe('code');
    const withoutUniverse = new PathClassifier(refused, isCode, CONFIG_FILE);
    expect(() => withoutUniverse.role('src/cart.test.ts')).toThrow(/cannot be compiled|not supported|!\(/);
  });
});
