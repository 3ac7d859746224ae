import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { runCli, type CliResult } from '../helpers/run-cli.js';

const TREE = { 'src/a.ts': 'export function alpha() { return 1; }\n' };

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ratlas-env-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A condition the user can fix: exit 2, the message names it, never "a bug" and never a stack. */
function expectUserError(result: CliResult, text: string): void {
  expect(result.stderr).toContain(text);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).not.toContain('bug in ratlas');
  expect(result.stderr).not.toContain('failed unexpectedly');
  expect(result.stderr).not.toContain('    at ');
}

describe('bad environments are exit 2 with a message that names them', { timeout: 240_000 }, () => {
  it('a --repo that does not exist, and a --repo that is a file', async () => {
    const cwd = gitRepo(TREE);
    expectUserError(await runCli(['index', '--repo', join(cwd, 'missing')], { cwd }), 'does not exist');
    expectUserError(await runCli(['impact', '--repo', join(cwd, 'src/a.ts')], { cwd }), 'is not a folder');
  });

  it('a cache folder that is a file, or cannot be created, and .ratlas tracked as a file', async () => {
    const cwd = gitRepo(TREE);
    const file = join(scratch(), 'cache-file');
    writeFileSync(file, 'x');
    expectUserError(await runCli(['index', '--cache-dir', file], { cwd }), 'is a file, not a folder');
    expectUserError(await runCli(['index', '--cache-dir', join(file, 'sub')], { cwd }), 'Cannot create the cache folder');
    const tracked = gitRepo({ ...TREE, '.ratlas': 'a file someone committed\n' });
    expectUserError(await runCli(['impact', '--format', 'json'], { cwd: tracked }), 'is .ratlas tracked in the repository?');
    expect((await runCli(['index', '--cache-dir', join(scratch(), 'ok')], { cwd: tracked })).code).toBe(0);
  });

  it('export --output into a folder that does not exist', async () => {
    const cwd = gitRepo(TREE);
    expectUserError(await runCli(['export', '--format', 'json', '--output', join(cwd, 'nodir', 'x.json')], { cwd }), 'Cannot write --output');
  });

  it('an unborn branch beside others, and a bare repository, are named as such', async () => {
    const cwd = gitRepo(TREE);
    git(cwd, 'checkout', '-q', '--orphan', 'fresh');
    expectUserError(await runCli(['impact'], { cwd }), 'The branch fresh has no commits yet');
    const parent = scratch();
    git(parent, 'clone', '-q', '--bare', cwd, 'bare.git');
    expectUserError(await runCli(['index'], { cwd: join(parent, 'bare.git') }), 'is a bare git repository');
  });

  it('accepts ratlas.config.json with a UTF-8 byte-order mark', async () => {
    const cwd = gitRepo(TREE);
    commit(cwd, 'config', { 'ratlas.config.json': '\uFEFF{ "index": { "exclude": ["vendor/**"] } }\n' });
    const result = await runCli(['index', '--format', 'json'], { cwd });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('a clone missing an object a commit needs (a mirror without a large blob) is named, not a bug, and an index is still built', async () => {
    const cwd = gitRepo({ ...TREE, 'media/logo.bin': 'large binary the mirror lacks\n'.repeat(20) });
    const cacheDir = join(scratch(), 'c');
    expect((await runCli(['index', '--cache-dir', cacheDir], { cwd })).code).toBe(0);
    git(cwd, 'rm', '-q', 'media/logo.bin');
    commit(cwd, 'drop the logo, add another', { 'src/a.ts': 'export function alpha() { return 2; }\n', 'media/other.bin': 'another binary, unlike the first\n'.repeat(20) });
    const oid = git(cwd, 'rev-parse', 'HEAD~1:media/logo.bin').trim();
    rmSync(join(cwd, '.git', 'objects', oid.slice(0, 2), oid.slice(2)));
    // The range's diff reads the lost blob (rename detection): named, exit 2.
    expectUserError(await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'json', '--cache-dir', cacheDir], { cwd }), `git cannot read object ${oid}`);
    // Indexing HEAD needs only HEAD's files: the replay from HEAD~1's index is skipped with a warning.
    const index = await runCli(['index', '--format', 'json', '--cache-dir', cacheDir], { cwd });
    expect(index.code, index.stderr).toBe(0);
    expect(index.stdout + index.stderr).toContain('git-object-missing');
  });
});
