import { RUNNERS, type Runner } from '../report/impact-runner.js';
import { RatlasError } from '../util/errors.js';

/** The action's inputs (action.yml), as its steps receive them: INPUT_<NAME> variables. */
export interface ActionInputs {
  /** A ref or commit; empty: from the event (the pull request's base, the push's previous tip). */
  base: string;
  head: string;
  workingDirectory: string;
  runner: Runner | null;
  comment: boolean;
  summary: boolean;
  annotations: boolean;
  cache: boolean;
  /** Passed to `ratlas impact --min-confidence` (shapes the blast radius shown; never the test selection). */
  minConfidence: string | null;
}

type Env = Readonly<Record<string, string | undefined>>;

export function readInputs(env: Env = process.env): ActionInputs {
  const text = (name: string) => (env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] ?? '').trim();
  const runner = text('runner');
  if (runner !== '' && !(RUNNERS as readonly string[]).includes(runner)) {
    throw new RatlasError('bad-input', `Input runner is "${runner}"; ratlas knows ${RUNNERS.join(', ')}.`, { hint: 'Leave runner empty to get only the list of tests.' });
  }
  const minConfidence = text('min-confidence');
  if (minConfidence !== '' && !/^(0(\.\d+)?|1(\.0+)?)$/.test(minConfidence)) {
    throw new RatlasError('bad-input', `Input min-confidence is "${minConfidence}", not a number between 0 and 1.`, { hint: 'For example: min-confidence: 0.5' });
  }
  return {
    base: text('base'),
    head: text('head') || 'HEAD',
    workingDirectory: text('working-directory') || '.',
    runner: runner === '' ? null : (runner as Runner),
    comment: boolean('comment', text('comment'), true),
    summary: boolean('summary', text('summary'), true),
    annotations: boolean('annotations', text('annotations'), true),
    cache: boolean('cache', text('cache'), true),
    minConfidence: minConfidence === '' ? null : minConfidence,
  };
}

/** YAML 1.2 core-schema booleans, as @actions/core's getBooleanInput reads them. */
function boolean(name: string, value: string, fallback: boolean): boolean {
  if (value === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new RatlasError('bad-input', `Input ${name} is "${value}"; it takes true or false.`);
}
