import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RatlasError } from '../util/errors.js';
import { parseFile, type ParseJob, type ParseOutcome } from './parse-file.js';

/**
 * A worker started before anyone asked for one (ParsePool.prestart), for the next pool that starts
 * a worker to take. Until then it keeps no process alive, and it is forgotten if it fails.
 */
let spare: { worker: Worker; forget: () => void } | undefined;

/**
 * Parses files on worker threads (one grammar compile per worker). With one job, or when running
 * from TypeScript sources where no compiled worker exists (tests), it parses on this thread: the
 * same pure function either way.
 */
export class ParsePool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: Task[] = [];
  private readonly pending = new Map<number, Task & { worker: Worker }>();
  private nextId = 0;

  /** `background`: parse on a worker even with one job, so that this thread is free meanwhile. */
  constructor(
    readonly size: number,
    private readonly background = false,
  ) {}

  /**
   * The worker's script: the bundled one where the build made it (scripts/bundle-cli.js; from the
   * compiled pool in dist/parse/, dist/bundle/worker.js), else the compiled one beside this file.
   * A worker starts on the critical path of an impact analysis, and loading the ~100 modules of the
   * parser one by one took about as long as its thread's own start.
   */
  static workerScript(): string | null {
    for (const url of [new URL('../bundle/worker.js', import.meta.url), new URL('./worker.js', import.meta.url)]) {
      const path = fileURLToPath(url);
      if (existsSync(path)) return path;
    }
    return null;
  }

  /**
   * Starts a worker thread now, for a caller that will likely parse soon but does not yet know what
   * (an impact analysis, before git has listed the change): the thread's start, its modules and
   * tree-sitter's runtime (a few tenths of a second) overlap with the caller's reads, and the worker
   * only compiles its grammar's queries once it is given files. Idle and unused, it costs a process
   * nothing at exit.
   */
  static prestart(): void {
    const script = ParsePool.workerScript();
    if (spare || !script) return;
    const worker = new Worker(script);
    worker.unref();
    const forget = () => {
      if (spare?.worker !== worker) return;
      spare = undefined;
      void worker.terminate();
    };
    worker.once('error', forget);
    worker.once('exit', forget);
    worker.postMessage({ prepare: true });
    spare = { worker, forget };
  }

  /**
   * Has the prestarted worker, if one waits, load a language's grammar and compile its queries now,
   * for a caller that knows what it will parse before it has read the files (an impact analysis,
   * once git has listed the change and while it reads the blobs). The pool that takes the worker
   * finds the language loaded or loading.
   */
  static warmSpare(language: string): void {
    spare?.worker.postMessage({ warm: language });
  }

  get threaded(): boolean {
    return (this.size > 1 || this.background) && ParsePool.workerScript() !== null;
  }

  /** Parses a batch; batches are spread over the workers. */
  parse(jobs: ParseJob[]): Promise<ParseOutcome[]> {
    if (!this.threaded) return sequential(jobs);
    return new Promise((resolve, reject) => {
      this.queue.push({ jobs, resolve, reject, attempts: 0 });
      this.dispatch();
    });
  }

  /**
   * Starts every worker now and has each load `language` (grammar and queries: a third of a second
   * for TypeScript) while the caller is still reading the files it will send.
   */
  warm(language: string): void {
    if (!this.threaded) return;
    while (this.spawn()) {
      // spawn() makes a worker idle until dispatch() gives it a batch.
    }
    for (const worker of this.workers) worker.postMessage({ warm: language });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
    this.idle.length = 0;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      if (this.idle.length === 0) this.spawn();
      const worker = this.idle.shift();
      if (!worker) return;
      const task = this.queue.shift()!;
      const id = this.nextId++;
      this.pending.set(id, { ...task, worker });
      worker.postMessage({ id, jobs: task.jobs });
    }
  }

  private spawn(): Worker | undefined {
    if (this.workers.length >= this.size) return undefined;
    const worker = takeSpare() ?? new Worker(ParsePool.workerScript()!);
    this.idle.push(worker);
    worker.on('message', (message: { id: number; outcomes: ParseOutcome[] } | { id: number; error: string }) => {
      const task = this.pending.get(message.id);
      this.pending.delete(message.id);
      if ('error' in message) {
        // A grammar that failed to load leaves this thread's WASM state in doubt: retire the worker
        // and give the batch to a fresh one.
        this.retire(worker);
        if (task) this.retry(task, new Error(message.error));
        this.dispatch();
        return;
      }
      this.idle.push(worker);
      task?.resolve(message.outcomes);
      this.dispatch();
    });
    const fail = (error: Error) => {
      this.retire(worker);
      for (const [id, task] of this.pending) {
        if (task.worker !== worker) continue;
        this.pending.delete(id);
        this.retry(task, error);
      }
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`exit code ${code}`));
    });
    this.workers.push(worker);
    return worker;
  }

  private retire(worker: Worker): void {
    const at = this.workers.indexOf(worker);
    if (at < 0) return;
    this.workers.splice(at, 1);
    const idleAt = this.idle.indexOf(worker);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    void worker.terminate();
  }

  private retry(task: Task, error: Error): void {
    if (task.attempts + 1 < MAX_ATTEMPTS) {
      this.queue.push({ ...task, attempts: task.attempts + 1 });
      return;
    }
    const languages = [...new Set(task.jobs.map((job) => job.language))].sort().join(', ');
    task.reject(
      new RatlasError('parse-worker-failed', `A parse worker for ${languages} failed ${MAX_ATTEMPTS} times: ${error.message}`, {
        exit: 3,
        cause: error,
        hint: 'Check that the tree-sitter-wasms package is installed whole (npm ci), then run the command again.',
      }),
    );
  }
}

/** The prestarted worker, if one is ready: from now on it is the caller's (and keeps the process alive while it runs). */
function takeSpare(): Worker | undefined {
  if (!spare) return undefined;
  const { worker, forget } = spare;
  spare = undefined;
  worker.off('error', forget);
  worker.off('exit', forget);
  worker.ref();
  return worker;
}

/** A batch and how many workers have failed on it. */
interface Task {
  jobs: ParseJob[];
  resolve: (o: ParseOutcome[]) => void;
  reject: (e: Error) => void;
  attempts: number;
}

/** Tries of one batch, each on a fresh worker, before the parse fails. */
const MAX_ATTEMPTS = 3;

async function sequential(jobs: ParseJob[]): Promise<ParseOutcome[]> {
  const outcomes: ParseOutcome[] = [];
  for (const job of jobs) outcomes.push(await parseFile(job));
  return outcomes;
}
