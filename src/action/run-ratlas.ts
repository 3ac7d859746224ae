import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shellQuote } from '../report/impact-runner.js';
import { stopCommands } from './workflow-commands.js';

/**
 * The ratlas CLI next to this module: action-dist/ratlas.js in the bundle; bin/run.js (the built
 * CLI) when the action's code runs from the sources.
 */
export function ratlasCli(): string {
  const bundled = fileURLToPath(new URL('../../ratlas.js', import.meta.url));
  return existsSync(bundled) ? bundled : fileURLToPath(new URL('../../bin/run.js', import.meta.url));
}

export interface RatlasRun {
  code: number;
  /** The last lines ratlas wrote to stderr (its error message and hint). */
  stderrTail: string;
}

/**
 * Runs `ratlas ARGS`, stdout into `stdoutFile` (or the log), stderr into the log. The log part is
 * fenced by ::stop-commands:: so that text from the repository in a message cannot be read by the
 * runner as a workflow command.
 */
export function runRatlas(args: readonly string[], options: { stdoutFile?: string; log: (text: string) => void }): Promise<RatlasRun> {
  return new Promise((resolve, reject) => {
    const fence = stopCommands();
    options.log(`$ ratlas ${args.map(shellQuote).join(' ')}\n`);
    options.log(fence.stop);
    const child = spawn(process.execPath, [ratlasCli(), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let tail = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      options.log(chunk);
      tail = (tail + chunk).slice(-2000);
    });
    const written = options.stdoutFile
      ? new Promise<void>((ok, fail) => child.stdout!.pipe(createWriteStream(options.stdoutFile!)).on('finish', ok).on('error', fail))
      : new Promise<void>((ok) => child.stdout!.setEncoding('utf8').on('data', (chunk: string) => options.log(chunk)).on('end', ok));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      written.then(() => {
        options.log(fence.resume);
        resolve({ code: code ?? (signal ? 128 : 1), stderrTail: tail.trim() });
      }, reject);
    });
  });
}
