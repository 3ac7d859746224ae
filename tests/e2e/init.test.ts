import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/load-config.js';
import { gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';

describe('ratlas init', { timeout: 120_000 }, () => {
  it('writes the config jest needs and .ratlas/ in .gitignore, shows it first with --dry-run, and changes nothing the second time', async () => {
    const cwd = gitRepo({
      // Tests under checks/ named *.check.ts: ratlas's conventions would find none of them.
      'package.json': JSON.stringify({ name: 'shop', scripts: { test: 'jest --ci' }, jest: { testMatch: ['<rootDir>/checks/**/*.check.ts'] } }),
      '.gitignore': 'node_modules',
      'src/cart.ts': 'export function total() { return 1; }\n',
      'checks/cart.check.ts': "import { total } from '../src/cart';\ntotal();\n",
    });
    const dry = await runCli(['init', '--dry-run'], { cwd });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('runner     jest (package.json scripts.test runs jest)');
    expect(dry.stdout).toContain('would create     ratlas.config.json: package.json gives jest testMatch (1 test files, 0 by ratlas');
    expect(dry.stdout).toContain('would append     .gitignore');
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe('node_modules');
    expect(existsSync(join(cwd, 'ratlas.config.json'))).toBe(false);

    const first = await runInProcess(['init'], { cwd });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('created          ratlas.config.json');
    expect(readFileSync(join(cwd, 'ratlas.config.json'), 'utf8')).toBe('{\n  "tests": {\n    "include": [\n      "checks/**/*.check.ts"\n    ]\n  }\n}\n');
    expect(loadConfig(cwd).config.tests.include).toEqual(['checks/**/*.check.ts']);
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe('node_modules\n.ratlas/\n');

    // The workflow is YAML for the jest runner; the MCP snippets follow it.
    const yaml = first.stdout.slice(first.stdout.indexOf('name: tests'), first.stdout.indexOf('MCP server for coding agents:'));
    const workflow = parse(yaml) as { jobs: { test: { steps: { uses?: string; with?: Record<string, string>; run?: string }[] } } };
    const steps = workflow.jobs.test.steps;
    expect(steps.find((s) => s.uses?.startsWith('OWNER/ratlas@'))?.with).toEqual({ runner: 'jest' });
    expect(steps.map((s) => s.run).filter(Boolean)).toEqual(['npm ci', `xargs -d '\\n' npx jest --runTestsByPath < "$TESTS_FILE"`, 'npx jest']);
    expect(first.stdout).toContain('claude mcp add ratlas -- npx ratlas mcp');
    expect(first.stdout).toContain('{ "mcpServers": { "ratlas": { "command": "npx", "args": ["ratlas", "mcp"] } } }');

    const again = await runInProcess(['init'], { cwd });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('unchanged        ratlas.config.json');
    expect(again.stdout).toContain('unchanged        .gitignore: already ignores .ratlas/');
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe('node_modules\n.ratlas/\n');
  });

  it('writes no config when the defaults find the tests (vitest by its dependency)', async () => {
    const cwd = gitRepo({
      'package.json': JSON.stringify({ name: 'lib', devDependencies: { vitest: '^4.0.0' } }),
      'src/sum.ts': 'export const sum = (a: number, b: number) => a + b;\n',
      'tests/sum.test.ts': "import { sum } from '../src/sum';\nsum(1, 2);\n",
    });
    const run = await runInProcess(['init'], { cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('runner     vitest (vitest is a dependency in package.json)');
    expect(run.stdout).toContain('tests      1 test file found');
    expect(run.stdout).toContain('not needed       ratlas.config.json');
    expect(run.stdout).toContain('xargs -d \'\\n\' npx vitest run < "$TESTS_FILE"');
    expect(existsSync(join(cwd, 'ratlas.config.json'))).toBe(false);
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe('.ratlas/\n');
  });
});
