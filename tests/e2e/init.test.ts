import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyInit, planInit } from '../../src/pipeline/init-project.js';
import { renderInit } from '../../src/report/init-text.js';
import { gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';

type Workflow = { jobs: { test: { steps: { uses?: string; with?: Record<string, string>; run?: string }[] } } };

/** The workflow YAML of init's output, parsed. */
function workflowOf(text: string): Workflow['jobs']['test']['steps'] {
  return (parse(text.slice(text.indexOf('name: tests'), text.indexOf('MCP server for coding agents:'))) as Workflow).jobs.test.steps;
}

describe('ratlas init', { timeout: 120_000 }, () => {
  it("reads jest's testMatch itself, writes .ratlas/ in .gitignore, shows it first with --dry-run, and changes nothing the second time", async () => {
    const cwd = gitRepo({
      // Tests under checks/ named *.check.ts: ratlas's built-in conventions would find none of them.
      'package.json': JSON.stringify({ name: 'shop', scripts: { test: 'jest --ci' }, jest: { testMatch: ['<rootDir>/checks/**/*.check.ts'] } }),
      'package-lock.json': '{}\n',
      '.gitignore': 'node_modules',
      'src/cart.ts': 'export function total() { return 1; }\n',
      'checks/cart.check.ts': "import { total } from '../src/cart';\ntotal();\n",
    });
    const dry = await runCli(['init', '--dry-run'], { cwd });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('runner     jest (package.json scripts.test runs jest)');
    expect(dry.stdout).toContain('tests      1 test file: jest (package.json)');
    expect(dry.stdout).toContain("not needed       ratlas.config.json: the runners' configurations define the tests");
    expect(dry.stdout).toContain('would append     .gitignore');
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe('node_modules');

    const plan = await planInit(cwd);
    applyInit(plan);
    expect(existsSync(join(cwd, 'ratlas.config.json'))).toBe(false);
    expect(readFileSync(join(cwd, '.gitignore'), 'utf8')).toBe('node_modules\n.ratlas/\n');

    // The workflow is YAML for the jest runner, set up as the lockfile says; the MCP snippets follow it.
    const text = renderInit(plan, { dryRun: false });
    const steps = workflowOf(text);
    expect(steps.find((s) => s.uses?.startsWith('OWNER/ratlas@'))?.with).toEqual({ runner: 'jest' });
    expect(steps.find((s) => s.uses === 'actions/setup-node@v4')?.with).toEqual({ 'node-version': '20' });
    expect(steps.map((s) => s.run).filter(Boolean)).toEqual(['npm ci', `xargs -d '\\n' npx jest --runTestsByPath < "$TESTS_FILE"`, 'npx jest']);
    expect(text).toContain('claude mcp add ratlas -- npx ratlas mcp');
    expect(text).toContain('{ "mcpServers": { "ratlas": { "command": "npx", "args": ["ratlas", "mcp"] } } }');

    const again = renderInit(await planInit(cwd), { dryRun: false });
    expect(again).toContain('unchanged        .gitignore: already ignores .ratlas/');
  });

  it('vitest by its dependency, with pnpm', async () => {
    const cwd = gitRepo({
      'package.json': JSON.stringify({ name: 'lib', devDependencies: { vitest: '^4.0.0' } }),
      'pnpm-lock.yaml': "lockfileVersion: '9.0'\n",
      'src/sum.ts': 'export const sum = (a: number, b: number) => a + b;\n',
      'tests/sum.test.ts': "import { sum } from '../src/sum';\nsum(1, 2);\n",
    });
    const plan = await planInit(cwd);
    const text = renderInit(plan, { dryRun: false });
    expect(text).toContain('runner     vitest (vitest is a dependency in package.json)');
    expect(plan.testFiles).toBe(1);
    expect(workflowOf(text).map((s) => s.run).filter(Boolean)).toEqual(['corepack enable', 'pnpm install --frozen-lockfile', `xargs -d '\\n' npx vitest run < "$TESTS_FILE"`, 'npx vitest run']);
  });

  it('a Python project gets pytest, its requirements and setup-python; a mixed one the runner with more tests', async () => {
    const cwd = gitRepo({
      'pyproject.toml': '[project]\nname = "shop"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
      'requirements.txt': 'requests\n',
      'requirements-dev.txt': 'pytest\n',
      'shop/cart.py': 'def total():\n    return 1\n',
      'tests/test_cart.py': 'from shop.cart import total\n\ndef test_total():\n    assert total() == 1\n',
      'tests/test_more.py': 'def test_more():\n    assert True\n',
      // A small front end with one vitest test beside it.
      'web/package.json': JSON.stringify({ name: 'web', devDependencies: { vitest: '^4.0.0' } }),
      'package.json': JSON.stringify({ name: 'root', private: true, devDependencies: { vitest: '^4.0.0' } }),
      'web/app.test.ts': "import { expect, test } from 'vitest';\ntest('x', () => expect(1).toBe(1));\n",
    });
    const plan = await planInit(cwd);
    const text = renderInit(plan, { dryRun: false });
    expect(plan.runner.runner).toBe('pytest');
    expect(plan.runner.evidence[0]).toBe('pyproject.toml configures pytest');
    expect(plan.runner.evidence[1]).toMatch(/^also vitest/);
    expect(text).toContain('tests      2 test files: pytest (pyproject.toml)');
    const steps = workflowOf(text);
    expect(steps.find((s) => s.uses === 'actions/setup-python@v5')?.with).toEqual({ 'python-version': '3.12' });
    expect(steps.find((s) => s.uses?.startsWith('OWNER/ratlas@'))?.with).toEqual({ runner: 'pytest' });
    expect(steps.map((s) => s.run).filter(Boolean)).toEqual([
      'pip install -r requirements-dev.txt -r requirements.txt',
      'pip install pytest',
      `xargs -d '\\n' python -m pytest < "$TESTS_FILE"`,
      'python -m pytest',
    ]);
  });

  it('says which runner configuration it could not read, and what to set', async () => {
    const cwd = gitRepo({
      'package.json': JSON.stringify({ name: 'shop', scripts: { test: 'jest' } }),
      'jest.config.js': "const dirs = require('./dirs');\nmodule.exports = { testMatch: dirs.map((d) => `${d}/**/*.spec.js`) };\n",
      'dirs.js': "module.exports = ['checks'];\n",
      'checks/a.spec.js': 'test("a", () => {});\n',
    });
    const plan = await planInit(cwd);
    expect(plan.warnings).toHaveLength(1);
    expect(plan.warnings[0]).toMatch(/jest\.config\.js.*; if the tests are others, list them in ratlas\.config\.json tests\.include$/);
    expect(renderInit(plan, { dryRun: true })).toContain(`  warning    ${plan.warnings[0]}`);
  });
});
