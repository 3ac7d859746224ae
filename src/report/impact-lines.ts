import type { ImpactReport } from '../model/impact.js';
import { RatlasError } from '../util/errors.js';
import { runnerPath } from './impact-runner.js';

/**
 * The test files to run, one per line (every test file when ratlas says to run them all), each safe
 * as a runner argument. With `nul`, NUL-terminated (for `xargs -0`). A name holding a line break
 * cannot be written one per line without becoming two arguments, so it is refused unless `nul`.
 */
export function renderImpactLines(report: ImpactReport, options: { nul?: boolean } = {}): string {
  const files = (report.tests.runAll ? (report.tests.all ?? []) : report.tests.selected.map((t) => t.file)).map(runnerPath);
  if (options.nul) return files.map((f) => `${f}\0`).join('');
  const broken = files.find((f) => /[\n\r]/.test(f));
  if (broken !== undefined) {
    throw new RatlasError('unsafe-lines', `The test file ${JSON.stringify(broken)} has a line break in its name, so --format lines cannot print it as one line.`, {
      hint: 'Use --format lines --null with xargs -0 (NUL-separated), or --runner R for a quoted command.',
    });
  }
  return files.map((f) => `${f}\n`).join('');
}
