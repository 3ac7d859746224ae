import type { ImpactReport } from '../model/impact.js';
import { renderRunnerCommand, type Runner } from '../report/impact-runner.js';

export interface OutputScope {
  /** The working directory relative to the repository root, POSIX, '' for the root. */
  directory: string;
  runner: Runner | null;
}

export interface ActionOutputValues {
  /** Test files to run, relative to the working directory: the selection, or every test on run-all. */
  tests: string[];
  runAll: boolean;
  reasons: ImpactReport['tests']['reasons'];
  /** Test files of the repository (all of them, not only those under the working directory). */
  total: number;
  /** Selected tests that lie outside the working directory, left out of `tests`. */
  outside: number;
  /** The runner's command for `tests` (or its command for every test); '' when nothing is to run. */
  command: string;
}

/**
 * Pure: what the action's outputs say about a report. Paths are made relative to the working
 * directory, where the test runner runs, and tests outside it are left out (a job per package of a
 * monorepo runs its own tests); the counts say how many were left out.
 */
export function actionOutputValues(report: ImpactReport, scope: OutputScope): ActionOutputValues {
  const t = report.tests;
  const files = t.runAll ? (t.all ?? []) : t.selected.map((s) => s.file);
  const prefix = scope.directory === '' ? '' : `${scope.directory}/`;
  const inside = files.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
  let command = '';
  if (scope.runner !== null) {
    // The runner's command is built from the same list, relative to where it runs.
    const selected = t.runAll ? [] : t.selected.filter((s) => s.file.startsWith(prefix)).map((s) => ({ ...s, file: s.file.slice(prefix.length) }));
    command = renderRunnerCommand({ ...report, tests: { ...t, selected } }, scope.runner).trimEnd();
  }
  return { tests: inside, runAll: t.runAll, reasons: t.reasons, total: t.total, outside: files.length - inside.length, command };
}

/** The values as step outputs (strings), by output name. */
export function outputStrings(values: ActionOutputValues, paths: { report: string; testsFile: string; markdown: string; html: string }): Record<string, string> {
  return {
    tests: values.tests.join(' '),
    'tests-file': paths.testsFile,
    'run-all': String(values.runAll),
    reasons: JSON.stringify(values.reasons),
    'selected-count': String(values.tests.length),
    'total-count': String(values.total),
    command: values.command,
    report: paths.report,
    markdown: paths.markdown,
    html: paths.html,
  };
}
