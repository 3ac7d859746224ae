import { validateAction, validateWorkflow } from '@action-validator/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_PATH } from './helpers/run-action.js';

const text = readFileSync(join(ACTION_PATH, 'action.yml'), 'utf8');

/**
 * action.yml against GitHub's action metadata schema (SchemaStore's github-action.json, as
 * action-validator embeds it), and against what its own steps write.
 */
describe('action.yml', () => {
  it('is valid action metadata', () => {
    expect(validateAction(text).errors).toEqual([]);
  });

  it('the validator rejects a composite step without a shell (so the check above can fail)', () => {
    const broken = text.replace('      shell: bash\n      run: node "$GITHUB_ACTION_PATH/action-dist/action.js" prepare', '      run: node "$GITHUB_ACTION_PATH/action-dist/action.js" prepare');
    expect(broken).not.toBe(text);
    expect(validateAction(broken).errors.length).toBeGreaterThan(0);
  });

  it('has the inputs and outputs the issue asks for, each described', () => {
    const action = parse(text) as { inputs: Record<string, { description: string }>; outputs: Record<string, { description: string; value: string }> };
    for (const name of ['base', 'head', 'working-directory', 'runner', 'comment', 'summary', 'cache', 'min-confidence']) expect(action.inputs[name]?.description, name).toBeTruthy();
    for (const name of ['tests', 'tests-file', 'run-all', 'reasons', 'selected-count', 'total-count', 'report']) expect(action.outputs[name]?.description, name).toBeTruthy();
  });

  it('runs the committed bundle, never a build, and never puts an expression inside a script', () => {
    const action = parse(text) as { runs: { steps: { run?: string }[] } };
    const scripts = action.runs.steps.flatMap((s) => (s.run === undefined ? [] : [s.run]));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script).toMatch(/^node "\$GITHUB_ACTION_PATH\/action-dist\/action\.js" [a-z]+$/);
      expect(script).not.toContain('${{');
    }
  });
});

describe('the README workflows', () => {
  const readme = readFileSync(join(ACTION_PATH, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## GitHub Action'), readme.indexOf('\n## ', readme.indexOf('## GitHub Action') + 1));
  const workflows = [...section.matchAll(/```yaml\n(name: [\s\S]*?)```/g)].map((m) => m[1]!);
  const action = parse(text) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };

  it('are three valid workflows, for vitest, jest and mocha', () => {
    expect(workflows).toHaveLength(3);
    for (const workflow of workflows) expect(validateWorkflow(workflow).errors).toEqual([]);
    const runners = workflows.map((w) => (parse(w) as { jobs: { test: { steps: { with?: { runner?: string } }[] } } }).jobs.test.steps.find((s) => s.with?.runner)?.with?.runner);
    expect(runners).toEqual(['vitest', 'jest', 'mocha']);
  });

  it('use only inputs and outputs the action has, and grant the comment its permission', () => {
    for (const workflow of workflows) {
      const parsed = parse(workflow) as { permissions: Record<string, string>; jobs: { test: { steps: { uses?: string; with?: Record<string, string> }[] } } };
      expect(parsed.permissions['pull-requests']).toBe('write');
      const step = parsed.jobs.test.steps.find((s) => s.uses?.startsWith('OWNER/ratlas@'))!;
      for (const input of Object.keys(step.with ?? {})) expect(action.inputs, input).toHaveProperty([input]);
      for (const m of workflow.matchAll(/steps\.ratlas\.outputs\.([\w-]+)/g)) expect(action.outputs, m[1]).toHaveProperty([m[1]!]);
    }
  });
});
