import type { ImpactReport } from '../model/impact.js';
import { shellQuote } from '../util/shell-quote.js';

export { shellQuote };

export const RUNNERS = ['vitest', 'jest', 'mocha', 'node'] as const;
export type Runner = (typeof RUNNERS)[number];

/** The command that runs the selection, and the one that runs everything. */
const COMMANDS = {
  vitest: { some: ['npx', 'vitest', 'run'], all: ['npx', 'vitest', 'run'] },
  jest: { some: ['npx', 'jest', '--runTestsByPath'], all: ['npx', 'jest'] },
  mocha: { some: ['npx', 'mocha'], all: ['npx', 'mocha'] },
  node: { some: ['node', '--test'], all: ['node', '--test'] },
} satisfies Record<Runner, { some: string[]; all: string[] }>;

/**
 * A ready shell command for the runner. Empty when no test is affected: a runner given no file runs
 * everything, which is not what an empty selection means.
 */
export function renderRunnerCommand(report: ImpactReport, runner: Runner): string {
  if (report.tests.runAll) return `${COMMANDS[runner].all.join(' ')}\n`;
  if (report.tests.selected.length === 0) return '';
  return `${[...COMMANDS[runner].some, ...report.tests.selected.map((t) => shellQuote(runnerPath(t.file)))].join(' ')}\n`;
}


/**
 * A test path as a runner's argument: one that starts with "-" (git allows `-x.test.ts`) gets a
 * `./` prefix, so no runner reads a file name as an option (`--` is not understood by all four).
 */
export function runnerPath(file: string): string {
  return file.startsWith('-') ? `./${file}` : file;
}
