import type { SelectedTest } from '../../../model/impact.js';
import { emptyPart, runAll, type ImpactPart } from './impact-part.js';

/**
 * Task files no ecosystem owns: make, just and task runners, CI pipelines. The ecosystems add
 * theirs (ProjectFileRoles.taskFiles). Git pathspec globs (which know no braces).
 */
export const NEUTRAL_TASK_FILES = [
  ...['Makefile', 'makefile', 'GNUmakefile', 'justfile', 'Justfile', 'Taskfile.yml', 'Taskfile.yaml', 'turbo.json'].map((name) => `:(glob)**/${name}`),
  ':(glob).github/workflows/*.yml',
  ':(glob).github/workflows/*.yaml',
  ':(glob).gitlab-ci.yml',
  ':(glob).circleci/config.yml',
  ':(glob)azure-pipelines.yml',
  ':(glob)Jenkinsfile',
];

/**
 * Pure: a changed code file nothing imports, whose changes reach no selected test, that a task
 * file names (`"pretest": "node scripts/gen.mjs"`, tox's `commands_pre = python scripts/gen.py`,
 * a Makefile's test target): a script run before or with the tests, whose output (generated code
 * the tests import, gitignored) ratlas cannot follow. Every test runs, with the reason.
 * `namedBy` gives, per script, the task files naming it.
 */
export function taskScripts(scripts: readonly string[], namedBy: ReadonlyMap<string, readonly string[]>, selected: readonly SelectedTest[]): ImpactPart {
  const part = emptyPart();
  const origins = new Set(selected.flatMap((t) => [t.reachedFrom.from.file, ...t.reachedFrom.via.map((h) => h.file)]));
  for (const script of [...scripts].sort()) {
    const by = namedBy.get(script) ?? [];
    if (by.length === 0 || origins.has(script)) continue;
    part.reasons.push(runAll('task-script-changed', `${script} is named by ${[...by].sort().join(', ')}, which says what runs before or with the tests: what it generates may reach any test.`, script));
  }
  return part;
}
