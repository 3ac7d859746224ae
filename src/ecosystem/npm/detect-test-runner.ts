import type { CiStep } from '../../model/init-plan.js';
import type { ProjectFiles, RunnerGuess } from '../types.js';

const CONFIG = /^(vitest\.config|vitest\.workspace|vite\.config|jest\.config|\.mocharc)(\.[\w.]+)?$/;
const ORDER = ['vitest', 'jest', 'mocha'] as const;

/**
 * Pure: which test runner the root package uses, from its package.json (the test script first, then
 * its dependencies) and the config files at the root. Nothing is executed.
 */
export function detectTestRunner(files: ProjectFiles): RunnerGuess | null {
  const rootFiles = files.paths.filter((p) => !p.includes('/'));
  const configFiles = rootFiles.filter((f) => CONFIG.test(f)).sort();
  const evidence: string[] = [];
  const packageJson = files.read('package.json');
  let pkg: { scripts?: Record<string, unknown>; dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown> } = {};
  try {
    pkg = packageJson === null ? {} : (JSON.parse(packageJson) as typeof pkg);
  } catch {
    evidence.push('package.json is not valid JSON');
  }
  const script = typeof pkg.scripts?.['test'] === 'string' ? pkg.scripts['test'] : '';
  const deps = { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
  const found = (runner: string, why: string): RunnerGuess => ({ runner, evidence: [...evidence, why] });
  for (const name of ORDER) {
    if (new RegExp(`\\b${name}\\b`).test(script)) return found(name, `package.json scripts.test runs ${name}`);
  }
  if (/\bnode\b[^&|;]*--test\b/.test(script)) return found('node', 'package.json scripts.test runs node --test');
  const dependency = ORDER.find((name) => name in deps);
  if (dependency) return found(dependency, `${dependency} is a dependency in package.json`);
  const config = configFiles[0];
  if (config) return found(config.startsWith('jest') ? 'jest' : config.startsWith('.mocharc') ? 'mocha' : 'vitest', `${config} is at the root`);
  return null;
}

/** Pure: Node.js, then the dependencies as the root lockfile says to install them. */
export function npmCiSetup(files: ProjectFiles): CiStep[] {
  const has = (name: string) => files.paths.includes(name);
  const node: CiStep = { uses: 'actions/setup-node@v4', with: { 'node-version': '20' } };
  if (has('pnpm-lock.yaml')) return [node, { run: 'corepack enable' }, { run: 'pnpm install --frozen-lockfile' }];
  if (has('yarn.lock')) return [node, { run: 'corepack enable' }, { run: 'yarn install' }];
  return [node, { run: has('package-lock.json') || has('npm-shrinkwrap.json') ? 'npm ci' : 'npm install' }];
}
