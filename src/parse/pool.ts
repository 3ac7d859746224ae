import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RatlasError } from '../util/errors.js';
import { parseFile, type ParseJob, type ParseOutcome } from './parse-file.js';

/**
 * Parses files on worker threads (one grammar compile per worker). With one job, or when running
 * from TypeScript sources where no compiled worker exists (tests), it parses on this thread: the
 * same pure function either way.
 */
export class ParsePool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { jobs: ParseJob[]; resolve: (o: ParseOutcome[]) => void; reject: (e: Error) => void }[] = [];
  private readonly pending = new Map<number, { resolve: (o: ParseOutcome[]) => void; reject: (e: Error) => void; worker: Worker }>();
  private nextId = 0;

  /** `background`: parse on a worker even with one job, so that this thread is free meanwhile. */
  constructor(
    readonly size: number,
    private readonly background = false,
  ) {}

  static workerScript(): string | null {
    const path = fileURLToPath(new URL('./worker.js', import.meta.url));
    return existsSync(path) ? path : null;
  }

  get threaded(): boolean {
    return (this.size > 1 || this.background) && ParsePool.workerScript() !== null;
  }

  /** Parses a batch; batches are spread over the workers. */
  parse(jobs: ParseJob[]): Promise<ParseOutcome[]> {
    if (!this.threaded) return sequential(jobs);
    return new Promise((resolve, reject) => {
      this.queue.push({ jobs, resolve, reject });
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
      this.pending.set(id, { resolve: task.resolve, reject: task.reject, worker });
      worker.postMessage({ id, jobs: task.jobs });
    }
  }

  private spawn(): Worker | undefined {
    if (this.workers.length >= this.size) return undefined;
    const worker = new Worker(ParsePool.workerScript()!);
    this.idle.push(worker);
    worker.on('message', (message: { id: number; outcomes: ParseOutcome[] }) => {
      const task = this.pending.get(message.id);
      this.pending.delete(message.id);
      this.idle.push(worker);
      task?.resolve(message.outcomes);
      this.dispatch();
    });
    const fail = (error: Error) => {
      for (const [id, task] of this.pending) {
        if (task.worker !== worker) continue;
        this.pending.delete(id);
        task.reject(new RatlasError('parse-worker-failed', `a parse worker stopped: ${error.message}`, { exit: 3, cause: error }));
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`exit code ${code}`));
    });
    this.workers.push(worker);
    return worker;
  }
}

async function sequential(jobs: ParseJob[]): Promise<ParseOutcome[]> {
  const outcomes: ParseOutcome[] = [];
  for (const job of jobs) outcomes.push(await parseFile(job));
  return outcomes;
}
