import { ECOSYSTEMS } from '../ecosystem/registry.js';
import type { RunnerCommand } from '../ecosystem/types.js';
import type { ImpactReport } from '../model/impact.js';
import { RatlasError } from '../util/errors.js';
import { shellQuote } from '../util/shell-quote.js';

export { shellQuote };

/** The command that runs the selection, and the one that runs everything, of every ecosystem's runners. */
const COMMANDS: ReadonlyMap<string, RunnerCommand> = new Map(ECOSYSTEMS.flatMap((e) => e.commands.map((c) => [c.runner, c] as const)));

/** `auto`: the runner of the repository's test universes (the one runner whose configuration or conventions found tests). */
export const RUNNERS: readonly string[] = ['auto', ...COMMANDS.keys()];
export type Runner = string;

/** The runner `auto` stands for in this report: the one known runner whose universes hold tests. */
export function detectRunner(report: ImpactReport): string {
  const found = [...new Set((report.tests.universe ?? []).filter((u) => u.size > 0 && COMMANDS.has(u.runner)).map((u) => u.runner))].sort();
  if (found.length === 1) return found[0]!;
  // Unit tests beside browser tests: the unit runner (the browser one is asked for by name).
  const units = found.filter((r) => !COMMANDS.get(r)!.browser);
  if (units.length === 1) return units[0]!;
  throw new RatlasError(
    'runner-undetected',
    found.length === 0 ? 'No test runner configuration or convention of a known runner finds the tests here.' : `Tests of several runners are here (${found.join(', ')}).`,
    { hint: `Pass --runner ${[...COMMANDS.keys()].join('|')}.` },
  );
}

/**
 * A ready shell command for the runner. Empty when no test is affected: a runner given no file runs
 * everything, which is not what an empty selection means.
 */
export function renderRunnerCommand(report: ImpactReport, given: Runner): string {
  const runner = given === 'auto' ? detectRunner(report) : given;
  if (report.tests.runAll) return `${COMMANDS.get(runner)!.all.join(' ')}\n`;
  if (report.tests.selected.length === 0) return '';
  const command = COMMANDS.get(runner)!;
  // Where tests belong to several runners, each runner runs its own.
  const own = report.tests.selected.filter((t) => t.runners === undefined || t.runners.includes(runner));
  if (own.length === 0) return '';
  // A file narrowed to test cases is run case by case where the runner can (pytest node ids).
  const args = own.flatMap((t) => {
    const cases = command.caseArgument && t.cases ? t.cases.map((q) => command.caseArgument!(t.file, q)) : [];
    // Two definitions of one name are one case to the runner.
    return cases.length > 0 && cases.every((c) => c !== null) ? [...new Set(cases as string[])].map(runnerPath) : [runnerPath(t.file)];
  });
  const written = args.flatMap((a) => (command.fileOption === undefined ? [shellQuote(a)] : [command.fileOption, shellQuote(a)]));
  return `${[...command.some, ...written].join(' ')}\n`;
}

/**
 * A test path as a runner's argument: one that starts with "-" (git allows `-x.test.ts`) gets a
 * `./` prefix, so no runner reads a file name as an option (`--` is not understood by all four).
 */
export function runnerPath(file: string): string {
  return file.startsWith('-') ? `./${file}` : file;
}
