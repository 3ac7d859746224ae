import { validateAction } from '@action-validator/core';
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
