import { beforeAll, describe, expect, it } from 'vitest';
import { namesOnlyToMeasure } from '../../src/ecosystem/npm/measured-names.js';
import { prepareConfigReader } from '../../src/ecosystem/npm/read-config-file.js';

beforeAll(prepareConfigReader);

describe('namesOnlyToMeasure: a runner configuration naming a file only to measure coverage', () => {
  it('vitest coverage include/exclude and thresholds by path, jest collectCoverageFrom and coverageThreshold', () => {
    const vitest = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { coverage: { exclude: ['src/index.ts'], thresholds: { 'src/util.ts': { lines: 90 } } } } });\n";
    expect(namesOnlyToMeasure('vitest.config.ts', vitest, 'index.ts')).toBe(true);
    expect(namesOnlyToMeasure('vitest.config.ts', vitest, 'util.ts')).toBe(true);
    const jest = "module.exports = { collectCoverageFrom: ['src/**/*.js', '!src/main.js'], coverageThreshold: { './src/core.js': { branches: 80 } } };\n";
    expect(namesOnlyToMeasure('jest.config.js', jest, 'main.js')).toBe(true);
    expect(namesOnlyToMeasure('jest.config.js', jest, 'core.js')).toBe(true);
    expect(namesOnlyToMeasure('package.json', '{ "jest": { "collectCoverageFrom": ["lib/cli.js"] } }\n', 'cli.js')).toBe(true);
  });

  it('no when the name is spelled anywhere else: a setup file, an import, a comment, a value not read, or nowhere', () => {
    const both = "export default { test: { setupFiles: ['src/index.ts'], coverage: { exclude: ['src/index.ts'] } } };\n";
    expect(namesOnlyToMeasure('vitest.config.ts', both, 'index.ts')).toBe(false);
    const imported = "import { plugin } from './src/index.ts';\nexport default { plugins: [plugin()], test: { coverage: { exclude: ['src/index.ts'] } } };\n";
    expect(namesOnlyToMeasure('vitest.config.ts', imported, 'index.ts')).toBe(false);
    const noted = "// index.ts is the entry\nexport default { test: { coverage: { exclude: ['src/index.ts'] } } };\n";
    expect(namesOnlyToMeasure('vitest.config.ts', noted, 'index.ts')).toBe(false);
    const shared = "const files = ['src/index.ts'];\nexport default { test: { setupFiles: files, coverage: { exclude: files } } };\n";
    expect(namesOnlyToMeasure('vitest.config.ts', shared, 'index.ts')).toBe(false);
    const computed = "export default { test: { coverage: { exclude: [entry()] }, setupFiles: [`src/${'index.ts'}`] } };\n";
    expect(namesOnlyToMeasure('vitest.config.ts', computed, 'index.ts')).toBe(false);
    expect(namesOnlyToMeasure('vitest.config.ts', "export default { test: {} };\n", 'index.ts')).toBe(false);
  });
});
