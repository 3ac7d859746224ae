import type { CiStep, InitPlan, InitWorkflow } from '../model/init-plan.js';
import { shellQuote } from '../util/shell-quote.js';
import { escapeInvisible } from '../util/untrusted-text.js';

/** Pure: what `ratlas init` found and did (or would do), the workflow to copy and the MCP snippets. */
export function renderInit(plan: InitPlan, options: { dryRun: boolean }): string {
  const out: string[] = [];
  const langs = plan.languages.map((l) => `${l.id} (${l.files})`).join(', ') || 'none ratlas parses';
  out.push(`ratlas init${options.dryRun ? ' --dry-run (nothing is written)' : ''}`);
  out.push(`  languages  ${langs}${plan.otherFiles > 0 ? `; ${plan.otherFiles} other files` : ''}`);
  const r = plan.runner;
  // Evidence and config file names come from the repository: shown with escapes, like every other path.
  out.push(`  runner     ${r.runner ?? 'none found'}${r.evidence.length > 0 ? ` (${r.evidence.map(escapeInvisible).join('; ')})` : ''}`);
  for (const u of plan.universes) {
    out.push(`  tests      ${u.size} test file${u.size === 1 ? '' : 's'}: ${u.runner}${u.configFile ? ` (${escapeInvisible(u.configFile)})` : ''}${u.root ? ` under ${escapeInvisible(u.root)}/` : ''}`);
  }
  if (plan.universes.length !== 1) out.push(`  tests      ${plan.testFiles} test file${plan.testFiles === 1 ? '' : 's'} found`);
  for (const w of plan.warnings) out.push(`  warning    ${escapeInvisible(w)}`);
  out.push('');
  for (const f of plan.files) {
    const verb = f.action === 'unchanged' ? 'unchanged' : options.dryRun ? `would ${f.action}` : f.action === 'create' ? 'created' : 'appended to';
    out.push(`${verb.padEnd(16)} ${f.path}: ${f.why}`);
    if (options.dryRun && f.action !== 'unchanged') out.push(...f.content.trimEnd().split('\n').map((l) => `    | ${l}`));
  }
  if (!plan.files.some((f) => f.path === 'ratlas.config.json')) out.push(`${'not needed'.padEnd(16)} ratlas.config.json: the runners' configurations define the tests`);
  const note = r.runner === null ? `; no runner found, so written for ${plan.workflow.runner}: set runner and the two run lines to yours` : '';
  out.push('', `GitHub workflow (.github/workflows/ratlas.yml; OWNER/ratlas@v0.1.0 stands for where you take ratlas from${note}):`, '', githubWorkflow(plan.workflow));
  out.push('MCP server for coding agents:', '');
  out.push('  Claude Code:  claude mcp add ratlas -- npx ratlas mcp      (or .mcp.json at the repository root)');
  out.push('  Cursor:       .cursor/mcp.json', '');
  out.push('{ "mcpServers": { "ratlas": { "command": "npx", "args": ["ratlas", "mcp"] } } }', '');
  return `${out.join('\n')}\n`;
}

/** The README's workflow: the set-up steps, ratlas, then only the selected tests, or all of them when ratlas says so. */
export function githubWorkflow(workflow: InitWorkflow): string {
  const argv = (words: readonly string[]) => words.map(shellQuote).join(' ');
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
${workflow.setup.map(stepYaml).join('')}      - id: ratlas
        uses: OWNER/ratlas@v0.1.0
        with:
          runner: ${workflow.runner}
      - name: Affected tests
        if: steps.ratlas.outputs.run-all == 'false' && steps.ratlas.outputs.selected-count != '0'
        run: xargs -d '\\n' ${argv(workflow.some)} < "$TESTS_FILE"
        env:
          TESTS_FILE: \${{ steps.ratlas.outputs.tests-file }}
      - name: All tests
        if: steps.ratlas.outputs.run-all == 'true'
        run: ${argv(workflow.all)}
`;
}

/** One step, as YAML lines of the steps list. Commands are quoted when YAML would read them otherwise. */
function stepYaml(step: CiStep): string {
  if ('run' in step) return `      - run: ${yamlScalar(step.run)}\n`;
  const inputs = Object.entries(step.with ?? {}).map(([k, v]) => `          ${k}: ${yamlScalar(v)}\n`).join('');
  return `      - uses: ${step.uses}\n${inputs ? `        with:\n${inputs}` : ''}`;
}

function yamlScalar(text: string): string {
  return /^[\w./ -]+$/.test(text) && !/^\d/.test(text) ? text : JSON.stringify(text);
}
