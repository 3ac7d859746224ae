import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';
import { execFileThroughRelay } from './relay-git-spawns.js';

/** A file tree: path -> content, a symlink to write (its target as written), or null to delete the path. */
export type Tree = Record<string, string | { symlink: string } | null>;

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'ratlas test',
  GIT_AUTHOR_EMAIL: 'test@ratlas.invalid',
  GIT_COMMITTER_NAME: 'ratlas test',
  GIT_COMMITTER_EMAIL: 'test@ratlas.invalid',
  GIT_CONFIG_NOSYSTEM: '1',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileThroughRelay('git', args, { cwd, env: { ...process.env, ...GIT_ENV } });
}

/** Writes (or deletes) files under `cwd`. */
export function writeTree(cwd: string, tree: Tree): void {
  for (const [path, content] of Object.entries(tree)) {
    const full = join(cwd, path);
    if (content === null) rmSync(full, { force: true });
    else if (typeof content === 'object') {
      rmSync(full, { force: true, recursive: true });
      mkdirSync(dirname(full), { recursive: true });
      symlinkSync(content.symlink, full);
    } else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
  }
}

/**
 * A throwaway repository with one commit of `tree`, removed when the test ends. Deterministic:
 * LF line endings, branch `main`, no signing, no background maintenance.
 */
export function gitRepo(tree: Tree, message = 'initial'): string {
  const cwd = mkdtempSync(join(tmpdir(), 'ratlas-test-'));
  onTestFinished(() => rmSync(cwd, { recursive: true, force: true }));
  writeTree(cwd, { '.gitattributes': '* text=auto eol=lf\n', ...tree });
  // The configuration is appended to .git/config, not set with `git config` four times, and the
  // init, add and commit share one shell: each process the test worker starts costs a fork of the
  // worker (20-50 ms of a 200-300 MB process on two cores), and the suite builds hundreds of these.
  inShell(cwd, `git init --quiet --initial-branch=main && cat >> .git/config && ${COMMIT_ALL}`, message, REPO_CONFIG);
  return cwd;
}

/** Applies `tree` (if any) and commits everything; returns the new commit id. */
export function commit(cwd: string, message: string, tree: Tree = {}): string {
  writeTree(cwd, tree);
  inShell(cwd, COMMIT_ALL, message);
  return headOf(cwd) ?? git(cwd, 'rev-parse', 'HEAD').trim();
}

const REPO_CONFIG = '[commit]\n\tgpgSign = false\n[gc]\n\tauto = 0\n[maintenance]\n\tauto = false\n[core]\n\tautocrlf = false\n';
/** Stages every change and commits it, with the message the shell gets as $1. */
const COMMIT_ALL = 'git add --all && git commit --quiet --allow-empty -m "$1"';

/** Runs `script` in one shell (one fork of this process for several git commands), `arg` as $1. */
function inShell(cwd: string, script: string, arg: string, input?: string): void {
  execFileThroughRelay('sh', ['-c', script, 'sh', arg], { cwd, env: { ...process.env, ...GIT_ENV }, ...(input !== undefined && { input }) });
}

/** HEAD's commit read from the files git just wrote (a loose ref: gc is off), without a process. */
function headOf(cwd: string): string | null {
  const gitDir = join(cwd, '.git');
  if (!existsSync(join(gitDir, 'HEAD'))) return null;
  const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
  if (/^[0-9a-f]{40}$/.test(head)) return head;
  const ref = /^ref: (refs\/heads\/[^\s]+)$/.exec(head)?.[1];
  const file = ref ? join(gitDir, ref) : null;
  const id = file && existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return /^[0-9a-f]{40}$/.test(id) ? id : null;
}
