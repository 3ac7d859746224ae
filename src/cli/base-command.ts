import { Command, Flags, type Interfaces } from '@oclif/core';
import type { BuildIndexOptions } from '../pipeline/build-index.js';
import type { ProgressEvent } from '../pipeline/build-store.js';
import { ExitCode, isRatlasError } from '../util/errors.js';

/** Flags every command takes. */
export const commonFlags = {
  // A plain string: GitRepo.open says what is wrong with a missing path (oclif's own check is exit 3).
  repo: Flags.string({ description: 'Repository to work on (default: the current directory).' }),
  'cache-dir': Flags.string({ description: 'Folder for index artifacts (default: .ratlas/ at the repo root; env RATLAS_CACHE_DIR).' }),
  quiet: Flags.boolean({ char: 'q', description: 'Print no progress.', default: false }),
};

/** Index options from the common flags (and --rev/--jobs/--full where a command has them). */
export function indexOptions(
  flags: {
    repo?: string | undefined;
    'cache-dir'?: string | undefined;
    rev?: string | undefined;
    jobs?: number | undefined;
    full?: boolean | undefined;
    deepen?: boolean | undefined;
    'search-depth'?: number | undefined;
  },
  onProgress?: (event: ProgressEvent) => void,
): BuildIndexOptions {
  const options: BuildIndexOptions = { cwd: flags.repo ?? process.cwd() };
  if (flags['cache-dir'] !== undefined) options.cacheDir = flags['cache-dir'];
  if (flags.rev !== undefined) options.rev = flags.rev;
  if (flags.jobs !== undefined) options.jobs = flags.jobs;
  if (flags.full) options.full = true;
  if (flags.deepen) options.deepen = true;
  if (flags['search-depth'] !== undefined) options.searchDepth = flags['search-depth'];
  if (onProgress) options.onProgress = onProgress;
  return options;
}

/** Flags of commands that open an index and may restore it from a cached ancestor. */
export const restoreFlags = {
  deepen: Flags.boolean({
    description: 'In a shallow clone, fetch just enough history to restore the index from a cached ancestor instead of building it from scratch.',
    default: false,
  }),
  'search-depth': Flags.integer({ description: 'How many commits back to look for a cached ancestor index (default: cache.searchDepth in ratlas.config.json, else 200).', min: 1 }),
};

/** Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'];
}

/** Columns of the terminal; COLUMNS (or 80) when stdout is a pipe, so piped text still fits a terminal. */
export function terminalWidth(): number {
  if (process.stdout.isTTY && process.stdout.columns > 0) return process.stdout.columns;
  const columns = Number(process.env['COLUMNS']);
  return Number.isInteger(columns) && columns > 0 ? columns : 80;
}

export function formatFlag<const T extends readonly string[]>(formats: T, fallback: T[number]) {
  return Flags.option({ options: formats, default: fallback, description: 'Output format.' })();
}

/**
 * Errors become one actionable message on stderr and an exit code: 2 for bad input, 3 for a bug.
 * Output is never cut short: commands write to stdout and set process.exitCode (never this.exit()).
 */
export abstract class BaseCommand extends Command {
  protected override async catch(err: Interfaces.CommandError & { oclif?: { exit?: number } }): Promise<void> {
    if (isRatlasError(err)) {
      process.exitCode = err.exit;
      const lines = [`Error: ${err.message}`];
      if (err.hint) lines.push(`Hint: ${err.hint}`);
      // An internal error ratlas can name comes with a hint of what to do; only the others are bugs.
      if (err.exit === ExitCode.Internal && !err.hint) lines.push('This is a bug in ratlas; please report it with the command you ran.');
      process.stderr.write(`${lines.join('\n')}\n`);
      if (process.env['RATLAS_DEBUG']) process.stderr.write(`${err.stack ?? ''}\n`);
      return;
    }
    if (err.oclif?.exit !== undefined) {
      // oclif's own errors (bad flag, missing argument) already carry a message and exit code 2.
      process.exitCode = err.oclif.exit;
      return super.catch(err);
    }
    process.exitCode = ExitCode.Internal;
    process.stderr.write(`Error: ratlas failed unexpectedly: ${err.message}\nThis is a bug in ratlas; please report it with the command you ran.\n`);
    if (process.env['RATLAS_DEBUG']) process.stderr.write(`${err.stack ?? ''}\n`);
  }

  /**
   * Writes command output, waiting for the stream to drain so pipes receive all of it; ends it with
   * a newline unless `exact` (NUL-separated output ends with NUL).
   */
  protected async emit(text: string, exact = false): Promise<void> {
    if (text.length === 0) return;
    await new Promise<void>((resolve, reject) => {
      process.stdout.write(exact || text.endsWith('\n') ? text : `${text}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }
}
