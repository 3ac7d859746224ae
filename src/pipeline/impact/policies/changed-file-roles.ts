import type { PathRole } from '../../../select/classify-path.js';
import type { RunAllCode } from '../../../select/reason-codes.js';
import type { ChangedFile } from '../changed-files.js';
import { emptyPart, runAll, type ImpactPart } from './impact-part.js';

/**
 * Pure: every test runs when a file changes that decides how all of them run (configs, setup
 * files). `scoped`: the setup files whose tests the floor selects instead (its `setup-file` hops,
 * never dropped by proof).
 */
export function changedFileRoles(files: readonly ChangedFile[], roles: ReadonlyMap<string, PathRole>, scoped: (path: string) => boolean = () => false): ImpactPart {
  const part = emptyPart();
  for (const f of files) {
    // A setup file of directory scope (conftest.py) reaches the tests below it (setup-tests.ts), and
    // one a project loads into each of its test files (jest `projects[i].setupFiles`) that project's
    // tests: not every test.
    if (roles.get(f.path) === 'test-setup' && scoped(f.path)) continue;
    const messages: Partial<Record<PathRole, [RunAllCode, string]>> = {
      'ratlas-config': ['ratlas-config-changed', `${f.path} changed.`],
      tsconfig: ['tsconfig-changed', `${f.path} changed.`],
      'runner-config': ['runner-config-changed', `${f.path} changed.`],
      'run-all': ['configured-run-all', `${f.path} matches changes.runAll.`],
      'test-setup': ['test-setup-changed', `${f.path} is loaded by the test runner for every test (a setup file, transform, serializer or environment).`],
    };
    const hit = messages[roles.get(f.path)!];
    if (hit) part.reasons.push(runAll(hit[0], hit[1], f.path));
  }
  return part;
}

/** Pure: every test runs when a file the runner's configuration names for every test is deleted or renamed away (goneSetupFiles). */
export function goneSetupPart(gone: readonly string[]): ImpactPart {
  const part = emptyPart();
  for (const path of gone) {
    part.reasons.push(runAll('test-setup-changed', `${path} is gone (deleted or renamed), but the test runner's configuration still names it to load for every test: the runner fails to start or runs without it.`, path));
  }
  return part;
}
