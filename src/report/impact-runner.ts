import { CONVENTIONS } from '../ecosystem/registry.js';
import type { ImpactReport } from '../model/impact.js';
import { shellQuote } from '../util/shell-quote.js';

export { shellQuote };

const OWN_RUNNERS = ['vitest', 'jest', 'mocha', 'node'] as const;

/** The command that runs the selection, and the one that runs everything. */
const COMMANDS: Record<string, { some: readonly string[]; all: readonly string[] }> = {
  vitest: { some: ['npx', 'vitest', 'run'], all: ['npx', 'vitest', 'run'] },
  jest: { some: ['npx', 'jest', '--runTestsByPath'], all: ['npx', 'jest'] },
  mocha: { some: ['npx', 'mocha'], all: ['npx', 'mocha'] },
  node: { some: ['node', '--test'], all: ['node', '--test'] },
  ...Object.fromEntries(CONVENTIONS.map((c) => [c.runner.name, { some: c.runner.some, all: c.runner.all }])),
};

export const RUNNERS: readonly string[] = [...OWN_RUNNERS, ...CONVENTIONS.map((c) => c.runner.name)];
export type Runner = string;

/**
 * A ready shell command for the runner. Empty when no test is affected: a runner given no file runs
 * everything, which is not what an empty selection means.
 */
export function renderRunnerCommand(report: ImpactReport, runner: Runner): string {
  if (report.tests.runAll) return `${COMMANDS[runner]!.all.join(' ')}\n`;
  if (report.tests.selected.length === 0) return '';
  return `${[...COMMANDS[runner]!.some, ...report.tests.selected.map((t) => shellQuote(runnerPath(t.file)))].join(' ')}\n`;
}


/**
 * A test path as a runner's argument: one that starts with "-" (git allows `-x.test.ts`) gets a
 * `./` prefix, so no runner reads a file name as an option (`--` is not understood by all four).
 */
export function runnerPath(file: string): string {
  return file.startsWith('-') ? `./${file}` : file;
}
