import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_DIR, buildActionBundle } from '../../scripts/build-action.js';
import { ACTION_PATH } from './helpers/run-action.js';

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/**
 * The action runs the committed action-dist/ (a checkout at a tag has no build step), so it must be
 * what the sources build to: a fresh build into a temporary folder equals it file for file, and git
 * ignores none of its files. Fix a failure with `npm run build:action` and commit action-dist/.
 */
describe('the committed action bundle', () => {
  const fresh = mkdtempSync(join(tmpdir(), 'ratlas-bundle-'));
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));
  const committed = join(ACTION_PATH, BUNDLE_DIR);

  it('equals a fresh build of the sources', async () => {
    await buildActionBundle(fresh);
    const built = files(fresh);
    expect(files(committed), 'run npm run build:action').toEqual(built);
    const stale = built.filter((f) => !readFileSync(join(fresh, f)).equals(readFileSync(join(committed, f))));
    expect(stale, 'run npm run build:action').toEqual([]);
  }, 120_000);

  it('builds byte for byte the same twice', async () => {
    const again = mkdtempSync(join(tmpdir(), 'ratlas-bundle-'));
    try {
      await buildActionBundle(again);
      for (const f of files(fresh)) expect(readFileSync(join(again, f)).equals(readFileSync(join(fresh, f))), f).toBe(true);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  }, 120_000);

  it('has no file that git ignores, and carries only the grammars ratlas uses', () => {
    const paths = files(committed).map((f) => `${BUNDLE_DIR}/${f}`);
    let ignored = '';
    try {
      ignored = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], { cwd: ACTION_PATH, input: paths.join('\n'), encoding: 'utf8' });
    } catch (error) {
      // Exit 1: none of the paths is ignored.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    expect(ignored).toBe('');
    expect(paths.filter((p) => p.endsWith('.wasm')).map((p) => p.slice(p.lastIndexOf('/') + 1))).toEqual([
      'sql-wasm.wasm',
      'tree-sitter-javascript.wasm',
      'tree-sitter-python.wasm',
      'tree-sitter-tsx.wasm',
      'tree-sitter-typescript.wasm',
      'tree-sitter.wasm',
    ]);
  });
});
