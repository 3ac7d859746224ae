import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { IndexResult } from '../../src/model/index-result.js';
import type { BuildIndexOptions } from '../../src/pipeline/build-index.js';

const SCRIPT = fileURLToPath(new URL('./index-process.ts', import.meta.url));

/** buildIndex in a child process; `done` resolves with its result (or rejects with its stderr). */
export function indexInProcess(options: BuildIndexOptions): { child: ChildProcess; done: Promise<IndexResult> } {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => err.push(chunk));
  const done = new Promise<IndexResult>((resolve, reject) => {
    child.on('close', (code, signal) => {
      if (code === 0) resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as IndexResult);
      else reject(new Error(`index process ended with ${signal ?? code}: ${Buffer.concat(err).toString('utf8')}`));
    });
  });
  return { child, done };
}
