import { ECOSYSTEMS } from '../ecosystem/registry.js';
import type { RunnerCommand } from '../ecosystem/types.js';
import type { ImpactReport } from '../model/impact.js';
import { shellQuote } from '../util/shell-quote.js';

export { shellQuote };

/** The command that runs the selection, and the one that runs everything, of every ecosystem's runners. */
const COMMANDS: ReadonlyMap<string, RunnerCommand> = new Map(ECOSYSTEMS.flatMap((e) => e.commands.map((c) => [c.runner, c] as const)));

export const RUNNERS: readonly string[] = [...COMMANDS.keys()];
export type Runner = string;

/**
 * A ready shell command for the runner. Empty when no test is affected: a runner given no file runs
 * everything, which is not what an empty selection means.
 */
export function renderRunnerCommand(report: ImpactReport, runner: Runner): string {
  if (report.tests.runAll) return `${COMMANDS.get(runner)!.all.join(' ')}\n`;
  if (report.tests.selected.length === 0) return '';
  return `${[...COMMANDS.get(runner)!.some, ...report.tests.selected.map((t) => shellQuote(runnerPath(t.file)))].join(' ')}\n`;
}

/**
 * A test path as a runner's argument: one that starts with "-" (git allows `-x.test.ts`) gets a
 * `./` prefix, so no runner reads a file name as an option (`--` is not understood by all four).
 */
export function runnerPath(file: string): string {
  return file.startsWith('-') ? `./${file}` : file;
}
