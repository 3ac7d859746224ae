import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RatlasError } from '../util/errors.js';
import type { ActionInputs } from './inputs.js';

/**
 * What the prepare step worked out, for the steps after it: written as JSON into a folder of its
 * own (the `state` output) rather than repeated through many outputs. Holds no secret.
 */
export interface ActionState {
  version: 1;
  inputs: ActionInputs;
  /** A folder for this run's files: the report, the test list, the comment. */
  dir: string;
  repoRoot: string;
  /** Absolute working directory (inputs.workingDirectory resolved against the workspace). */
  workingDirectory: string;
  base: string;
  head: string;
  mergeBase: string;
  cache: {
    dir: string;
    key: string;
    restoreKeys: string;
    /** The commit whose artifact the saved cache holds. */
    commit: string;
    /** Index the head commit before saving (a push to a branch: the next pull requests' base). */
    indexHead: boolean;
  };
  /** Where to comment, when the run is for a pull request in a known repository. */
  pullRequest: { owner: string; repo: string; number: number } | null;
}

export const STATE_FILE = 'state.json';

export function writeState(state: ActionState): string {
  const path = join(state.dir, STATE_FILE);
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`);
  return path;
}

export function readState(path: string | undefined): ActionState {
  if (!path) throw new RatlasError('no-state', 'RATLAS_STATE is not set: the prepare step of the action must run first.', { exit: 3 });
  try {
    const state = JSON.parse(readFileSync(path, 'utf8')) as ActionState;
    if (state.version !== 1) throw new Error(`version ${String(state.version)}`);
    return state;
  } catch (error) {
    throw new RatlasError('no-state', `Cannot read the action state ${path}: ${(error as Error).message}`, { exit: 3, cause: error });
  }
}
