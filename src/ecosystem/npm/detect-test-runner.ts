import type { DetectedRunner, RunnerDetection } from '../../model/init-plan.js';

const CONFIG = /^(vitest\.config|vitest\.workspace|vite\.config|jest\.config|\.mocharc)(\.[\w.]+)?$/;
const ORDER: DetectedRunner[] = ['vitest', 'jest', 'mocha'];

/**
 * Pure: which test runner a package uses, from its package.json (the test script first, then its
 * dependencies) and the config files at its root. Nothing is executed.
 */
export function detectTestRunner(packageJson: string | null, rootFiles: readonly string[]): RunnerDetection {
  const configFiles = rootFiles.filter((f) => CONFIG.test(f)).sort();
  const evidence: string[] = [];
  let pkg: { scripts?: Record<string, unknown>; dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown>; jest?: { testMatch?: unknown } } = {};
  try {
    pkg = packageJson === null ? {} : (JSON.parse(packageJson) as typeof pkg);
  } catch {
    evidence.push('package.json is not valid JSON');
  }
  const script = typeof pkg.scripts?.['test'] === 'string' ? pkg.scripts['test'] : '';
  const deps = { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
  let runner: DetectedRunner | null = null;
  for (const name of ORDER) {
    if (new RegExp(`\\b${name}\\b`).test(script)) {
      runner = name;
      evidence.push(`package.json scripts.test runs ${name}`);
      break;
    }
  }
  if (runner === null && /\bnode\b[^&|;]*--test\b/.test(script)) {
    runner = 'node';
    evidence.push('package.json scripts.test runs node --test');
  }
  if (runner === null) {
    runner = ORDER.find((name) => name in deps) ?? null;
    if (runner) evidence.push(`${runner} is a dependency in package.json`);
  }
  if (runner === null) {
    const fromConfig = configFiles.map((f) => (f.startsWith('jest') ? 'jest' : f.startsWith('.mocharc') ? 'mocha' : 'vitest') as DetectedRunner)[0];
    if (fromConfig) {
      runner = fromConfig;
      evidence.push(`${configFiles[0]} is at the root`);
    }
  }
  const testMatch = pkg.jest?.testMatch;
  const jestTestMatch = Array.isArray(testMatch) && testMatch.every((g) => typeof g === 'string') ? (testMatch as string[]) : null;
  return { runner, evidence, configFiles, jestTestMatch };
}
