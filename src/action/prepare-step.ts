import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEEPEN_ROUNDS, DEEPEN_STEP, deepenToMergeBase } from '../git/deepen-to-merge-base.js';
import { ensureCommit } from '../git/ensure-commit.js';
import { GitRepo } from '../git/repo.js';
import { resolveCacheDir } from '../store/cache-dir.js';
import { isRatlasError, RatlasError } from '../util/errors.js';
import { writeState, type ActionState } from './action-state.js';
import { readGitHubContext, type GitHubContext } from './github-context.js';
import { readInputs, type ActionInputs } from './inputs.js';
import { writeOutputs } from './workflow-commands.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Cache entries are named `PREFIX<commit>`; a new ratlas version starts a new series. */
export function cacheKeyPrefix(runnerOs: string): string {
  return `ratlas-index-v1-${runnerOs}-${bundleVersion()}-`;
}

/**
 * Step 1: what to compare, with enough history. Reads the inputs and the event, fetches the base
 * (and head) when the clone lacks them, deepens a shallow clone until they meet, and names the
 * cache entry to restore (key on the commit whose index is the base, restore by prefix).
 */
export async function prepareStep(env: Env, log: (text: string) => void): Promise<ActionState> {
  const inputs = readInputs(env);
  const context = readGitHubContext(env);
  const workingDirectory = resolve(context.workspace, inputs.workingDirectory);
  if (!existsSync(workingDirectory) || !statSync(workingDirectory).isDirectory()) {
    throw new RatlasError('bad-input', `Input working-directory is "${inputs.workingDirectory}", which is not a folder under ${context.workspace}.`, {
      hint: 'Check out the repository first (actions/checkout) and pass a folder inside it.',
    });
  }
  const repo = await GitRepo.open(workingDirectory);
  const baseRef = chooseBase(inputs, context);
  const head = await fetched(ensureCommit(repo, inputs.head), inputs.head, log);
  const base = await fetched(ensureCommit(repo, baseRef.ref), baseRef.ref, log);
  const { mergeBase, deepened } = await deepenToMergeBase(repo, base, head, { onlyBelowThem: true }).catch(async (error: unknown) => {
    throw isRatlasError(error) && error.code === 'no-merge-base' && (await repo.isShallow())
      ? new RatlasError('no-merge-base', error.message, { hint: `${DEEPEN_ROUNDS * DEEPEN_STEP} more commits did not reach it: check out with fetch-depth: 0 (actions/checkout).`, cause: error })
      : error;
  });
  if (deepened > 0) log(`Fetched ${deepened} more commits of history to reach the merge-base.\n`);
  log(`Comparing ${base.slice(0, 12)} (${baseRef.why}) with ${head.slice(0, 12)} (${inputs.head}); merge-base ${mergeBase.slice(0, 12)}.\n`);

  // On a push, the head is the next pull requests' base: its index is the one worth keeping.
  const indexHead = context.eventName === 'push';
  const cacheCommit = indexHead ? head : mergeBase;
  const prefix = cacheKeyPrefix(context.runnerOs);
  const parent = context.tempDir ?? tmpdir();
  mkdirSync(parent, { recursive: true });
  const state: ActionState = {
    version: 1,
    inputs,
    dir: mkdtempSync(join(parent, 'ratlas-')),
    repoRoot: repo.root,
    workingDirectory,
    base,
    head,
    mergeBase,
    cache: { dir: resolveCacheDir(repo.root, undefined, env), key: `${prefix}${cacheCommit}`, restoreKeys: prefix, commit: cacheCommit, indexHead },
    pullRequest:
      context.pullRequest && context.repository ? { owner: context.repository.owner, repo: context.repository.name, number: context.pullRequest.number } : null,
  };
  const statePath = writeState(state);
  writeOutputs(context.outputFile, {
    state: statePath,
    base,
    head,
    'merge-base': mergeBase,
    'cache-dir': state.cache.dir,
    'cache-key': state.cache.key,
    'restore-keys': state.cache.restoreKeys,
    cache: String(inputs.cache),
    comment: String(inputs.comment && state.pullRequest !== null),
  });
  if (inputs.comment && state.pullRequest === null) log('No pull request in this event: no comment (the job summary has the report).\n');
  return state;
}

/** The base: the input, else what the event compares with. */
export function chooseBase(inputs: ActionInputs, context: GitHubContext): { ref: string; why: string } {
  if (inputs.base !== '') return { ref: inputs.base, why: 'input base' };
  if (context.pullRequest?.baseSha) return { ref: context.pullRequest.baseSha, why: `base of pull request #${context.pullRequest.number}, ${context.pullRequest.baseRef}` };
  if (context.mergeGroup?.baseSha) return { ref: context.mergeGroup.baseSha, why: 'base of the merge group' };
  if (context.push?.before) return { ref: context.push.before, why: 'the tip before this push' };
  if (context.push?.defaultBranch) return { ref: `origin/${context.push.defaultBranch}`, why: 'a new branch: the default branch' };
  throw new RatlasError('no-base', `A ${context.eventName || 'local'} event says nothing to compare with.`, {
    hint: 'Pass the input base (a branch such as origin/main, or a commit).',
  });
}

async function fetched(found: Promise<{ commit: string; fetched: boolean }>, ref: string, log: (text: string) => void): Promise<string> {
  const { commit, fetched } = await found;
  if (fetched) log(`Fetched ${ref} (${commit.slice(0, 12)}): the checkout did not have it.\n`);
  return commit;
}

let version: string | undefined;

/** ratlas's version, from the package.json beside the bundle (or of the sources). */
function bundleVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}
