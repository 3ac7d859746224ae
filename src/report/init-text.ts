import type { DetectedRunner, InitPlan } from '../model/init-plan.js';
import { escapeInvisible } from '../util/untrusted-text.js';

/** How each runner runs a list of test files read from the action's tests-file, and all tests. */
const RUN = {
  vitest: { list: 'npx vitest run', all: 'npx vitest run' },
  jest: { list: 'npx jest --runTestsByPath', all: 'npx jest' },
  mocha: { list: 'npx mocha', all: 'npx mocha' },
  node: { list: 'node --test', all: 'node --test' },
} satisfies Record<DetectedRunner, { list: string; all: string }>;

/** Pure: what `ratlas init` found and did (or would do), the workflow to copy and the MCP snippets. */
export function renderInit(plan: InitPlan, options: { dryRun: boolean }): string {
  const out: string[] = [];
  const langs = plan.languages.map((l) => `${l.id} (${l.files})`).join(', ') || 'none ratlas parses';
  out.push(`ratlas init${options.dryRun ? ' --dry-run (nothing is written)' : ''}`);
  out.push(`  languages  ${langs}${plan.otherFiles > 0 ? `; ${plan.otherFiles} other files` : ''}`);
  const r = plan.runner;
  out.push(`  runner     ${r.runner ?? 'none found'}${r.evidence.length > 0 ? ` (${r.evidence.map(escapeInvisible).join('; ')})` : ''}`);
  // Config file names come from the repository: shown with escapes, like every other path.
  if (r.configFiles.length > 0) out.push(`  configs    ${r.configFiles.map(escapeInvisible).join(', ')}`);
  out.push(`  tests      ${plan.testFiles} test file${plan.testFiles === 1 ? '' : 's'} found`);
  out.push('');
  for (const f of plan.files) {
    const verb = f.action === 'unchanged' ? 'unchanged' : options.dryRun ? `would ${f.action}` : f.action === 'create' ? 'created' : 'appended to';
    out.push(`${verb.padEnd(16)} ${f.path}: ${f.why}`);
    if (options.dryRun && f.action !== 'unchanged') out.push(...f.content.trimEnd().split('\n').map((l) => `    | ${l}`));
  }
  if (!plan.files.some((f) => f.path === 'ratlas.config.json')) out.push(`${'not needed'.padEnd(16)} ratlas.config.json: the defaults find the tests`);
  const note = r.runner === null ? '; no runner found, so written for vitest: set runner and the two run lines to yours' : '';
  out.push('', `GitHub workflow (.github/workflows/ratlas.yml; OWNER/ratlas@v0.1.0 stands for where you take ratlas from${note}):`, '', githubWorkflow(r.runner ?? 'vitest'));
  out.push('MCP server for coding agents:', '');
  out.push('  Claude Code:  claude mcp add ratlas -- npx ratlas mcp      (or .mcp.json at the repository root)');
  out.push('  Cursor:       .cursor/mcp.json', '');
  out.push('{ "mcpServers": { "ratlas": { "command": "npx", "args": ["ratlas", "mcp"] } } }', '');
  return `${out.join('\n')}\n`;
}

/** The README's workflow for a runner: only the selected tests, or all of them when ratlas says so. */
export function githubWorkflow(runner: DetectedRunner): string {
  const run = RUN[runner];
  return `name: tests
on:
  pull_request:
  push:
    branches: [main]
permissions:
  contents: read
  pull-requests: write
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      - id: ratlas
        uses: OWNER/ratlas@v0.1.0
        with:
          runner: ${runner}
      - name: Affected tests
        if: steps.ratlas.outputs.run-all == 'false' && steps.ratlas.outputs.selected-count != '0'
        run: xargs -d '\\n' ${run.list} < "$TESTS_FILE"
        env:
          TESTS_FILE: \${{ steps.ratlas.outputs.tests-file }}
      - name: All tests
        if: steps.ratlas.outputs.run-all == 'true'
        run: ${run.all}
`;
}
