import { Config } from '@oclif/core';
import { fileURLToPath } from 'node:url';
import { COMMANDS } from '../../src/commands.js';
import type { CliResult } from './run-cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let config: Promise<Config> | undefined;

/**
 * Runs a ratlas command in this process, from the sources: the same command class, flag parsing,
 * use case, renderer and exit code as `runCli`, with stdout, stderr, the environment (scrubbed the
 * same way), the working directory and the exit code captured and restored. A spawn costs node's
 * start, loading the CLI and compiling the grammars again (about a second of CPU each); here the
 * grammars stay loaded for the whole test file.
 *
 * What this does not cover, and `runCli` does: bin/run.js and the bundle, oclif's own error printing
 * (`execute` prints an error the command rethrows, here it is the message), the parse worker threads
 * (from the sources ParsePool parses on this thread), stdin, and a process that must exit on its own.
 * Keep a spawned test for those. Calls must not overlap (one at a time per test file).
 */
export async function runInProcess(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<CliResult> {
  const [id, argv] = commandOf(args);
  const command = COMMANDS[id];
  const saved = { cwd: process.cwd(), env: { ...process.env }, exitCode: process.exitCode, stdout: process.stdout.write, stderr: process.stderr.write };
  let stdout = '';
  let stderr = '';
  const capture =
    (append: (text: string) => void) =>
    (chunk: string | Uint8Array, encoding?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void): boolean => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8'));
      const done = typeof encoding === 'function' ? encoding : callback;
      if (done) queueMicrotask(() => done());
      return true;
    };
  replaceEnv({ PATH: saved.env['PATH'] ?? '', HOME: saved.env['HOME'] ?? '', NO_COLOR: '1', ...options.env, ...vitestEnv(saved.env) });
  process.chdir(options.cwd);
  process.exitCode = undefined;
  process.stdout.write = capture((text) => (stdout += text)) as typeof process.stdout.write;
  process.stderr.write = capture((text) => (stderr += text)) as typeof process.stderr.write;
  let code: number;
  try {
    config ??= Config.load({ root: ROOT });
    command.id = id;
    await command.run(argv, await config);
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    // What oclif's execute() does with an error the command rethrows: print it, exit with its code.
    const err = error as Error & { oclif?: { exit?: number } };
    stderr += `${err.message}\n`;
    code = Number(process.exitCode ?? err.oclif?.exit ?? 1);
  } finally {
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    process.exitCode = saved.exitCode;
    process.chdir(saved.cwd);
    replaceEnv(saved.env);
  }
  return { code, stdout, stderr };
}

/** `['query', 'map', '--x']` → `['query:map', ['--x']]`: oclif's topic separator is a space. */
function commandOf(args: string[]): [keyof typeof COMMANDS, string[]] {
  for (const words of [2, 1]) {
    const id = args.slice(0, words).join(':');
    if (id in COMMANDS) return [id as keyof typeof COMMANDS, args.slice(words)];
  }
  throw new Error(`runInProcess: no ratlas command in ${JSON.stringify(args)}`);
}

/** vitest's own variables stay: its worker reads them while the command runs. */
function vitestEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('VITEST') && e[1] !== undefined));
}

function replaceEnv(next: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in next)) delete process.env[key];
  Object.assign(process.env, next);
}
