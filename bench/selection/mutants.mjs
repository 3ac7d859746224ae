// What the mutation benchmarks share (mutate.mjs: jest, vitest, mocha; mutate-node-test.mjs: node --test).
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ts = createRequire(import.meta.url)(join(ROOT, 'node_modules/typescript'));

/** Where to insert a throw: just inside the `{` of the function body starting at `line`. */
export function mutationPoint(text, fileName, line, name) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let found = null;
  const visit = (node) => {
    if (found) return;
    if (ts.isFunctionLike(node) && node.body && ts.isBlock(node.body) && node.body.statements.length > 0) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const declared = node.name ? node.name.getText(source) : null;
      if (start === line && (declared === null || declared === name || declared.replace(/['"]/g, '') === name)) {
        found = node.body.getStart(source) + 1;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** git in the benchmark's clone, committing as `bench`. */
export function gitIn(repo, env) {
  const who = { GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@ratlas.invalid', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@ratlas.invalid' };
  return (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...env, ...who } }).trim();
}

/** The ratlas build measured, run in the clone with one cache folder: its stdout and wall time. */
export function ratlasIn(entry, repo, cacheDir, env) {
  return (...args) => {
    const started = performance.now();
    const r = spawnSync(process.execPath, [entry, ...args, '--cache-dir', cacheDir, '--quiet'], { cwd: repo, encoding: 'utf8', env, maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`ratlas ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
    return { stdout: r.stdout, ms: performance.now() - started };
  };
}
