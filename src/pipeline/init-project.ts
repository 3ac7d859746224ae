import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE, loadConfig } from '../config/load-config.js';
import { detectTestRunner } from '../ecosystem/npm/detect-test-runner.js';
import type { InitFile, InitPlan } from '../model/init-plan.js';
import { GitRepo } from '../git/repo.js';
import { languageForPath } from '../lang/registry.js';
import { PathClassifier } from '../select/classify-path.js';


const GITIGNORE_LINE = '.ratlas/';

/**
 * What `ratlas init` would do in the repository at `cwd`: the languages and test runner found, a
 * ratlas.config.json only when ratlas's defaults would miss the tests (package.json gives jest a
 * `testMatch` the conventions do not find), and `.ratlas/` in .gitignore. Writes nothing: see
 * {@link applyInit}. Running it again after applying plans nothing new (every file `unchanged`).
 */
export async function planInit(cwd: string): Promise<InitPlan> {
  const repo = await GitRepo.open(cwd);
  const paths = (await repo.listWorkingTree()).filter((p) => existsSync(join(repo.root, p)));
  const counts = new Map<string, number>();
  let otherFiles = 0;
  for (const p of paths) {
    const lang = languageForPath(p);
    if (lang) counts.set(lang.id, (counts.get(lang.id) ?? 0) + 1);
    else otherFiles++;
  }
  const read = (p: string) => (existsSync(join(repo.root, p)) ? readFileSync(join(repo.root, p), 'utf8') : null);
  const runner = detectTestRunner(read('package.json'), paths.filter((p) => !p.includes('/')));
  const { config } = loadConfig(repo.root);
  const isCode = (p: string) => languageForPath(p) !== undefined;
  const byConvention = paths.filter((p) => new PathClassifier(config, isCode, CONFIG_FILE).isTest(p)).length;

  const files: InitFile[] = [];
  let testFiles = byConvention;
  const existing = read(CONFIG_FILE);
  if (existing !== null) {
    files.push({ path: CONFIG_FILE, action: 'unchanged', content: '', why: 'exists; ratlas init never rewrites it' });
  } else if (runner.runner === 'jest' && runner.jestTestMatch && runner.jestTestMatch.length > 0) {
    const include = runner.jestTestMatch.map((g) => g.replace(/^<rootDir>\//, ''));
    const tuned = new PathClassifier({ ...config, tests: { ...config.tests, include } }, isCode, CONFIG_FILE);
    const found = paths.filter((p) => tuned.isTest(p)).length;
    if (found !== byConvention) {
      testFiles = found;
      files.push({ path: CONFIG_FILE, action: 'create', content: `${JSON.stringify({ tests: { include } }, null, 2)}\n`, why: `package.json gives jest testMatch (${found} test files, ${byConvention} by ratlas's conventions)` });
    }
  }
  const gitignore = read('.gitignore');
  const ignored = gitignore !== null && gitignore.split(/\r?\n/).some((l) => ['.ratlas', '.ratlas/', '/.ratlas', '/.ratlas/'].includes(l.trim()));
  if (ignored) files.push({ path: '.gitignore', action: 'unchanged', content: '', why: 'already ignores .ratlas/' });
  else if (gitignore === null) files.push({ path: '.gitignore', action: 'create', content: `${GITIGNORE_LINE}\n`, why: 'the index artifacts ratlas keeps' });
  else files.push({ path: '.gitignore', action: 'append', content: `${gitignore.endsWith('\n') || gitignore === '' ? '' : '\n'}${GITIGNORE_LINE}\n`, why: 'the index artifacts ratlas keeps' });

  const languages = [...counts].map(([id, n]) => ({ id, files: n })).sort((a, b) => b.files - a.files || (a.id < b.id ? -1 : 1));
  return { root: repo.root, languages, otherFiles, runner, testFiles, files };
}

/** Writes what the plan creates or appends. */
export function applyInit(plan: InitPlan): void {
  for (const f of plan.files) {
    if (f.action === 'create') writeFileSync(join(plan.root, f.path), f.content, { flag: 'wx' });
    else if (f.action === 'append') writeFileSync(join(plan.root, f.path), f.content, { flag: 'a' });
  }
}
