import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { RatlasError } from '../util/errors.js';

/**
 * Reads blobs through one long-lived `git cat-file --batch -z`: one process for thousands of files
 * instead of one per file. Requests are answered in order, so a FIFO of waiters is enough. Requests
 * are NUL-terminated (`-z`, git 2.38+), so a path holding a newline is one request; the answer's
 * header still ends with a newline, and a missing object is echoed back as given (newlines and all).
 */
/** `<oid> <type> <size>`: the header of an object that exists. */
const FOUND = /^[0-9a-f]{40}(?:[0-9a-f]{24})? [a-z]+ \d+$/;

export class BlobReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly waiting: { spec: string; resolve: (bytes: Uint8Array | null) => void; reject: (e: Error) => void }[] = [];
  private failed: Error | null = null;
  private closed = false;

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
    const fail = (error: Error) => {
      this.failed = error;
      for (const w of this.waiting.splice(0)) w.reject(error);
    };
    child.on('error', fail);
    // An exit is a failure for whoever reads next, not only for those waiting now: a shared reader
    // outlives its first caller, and a write to the dead process may never report an error.
    child.on('exit', (code, signal) => {
      if (!this.closed || this.waiting.length > 0) fail(new RatlasError('git-failed', `git cat-file exited with ${signal ? `signal ${signal}` : `code ${code}`}.`, { exit: 3 }));
    });
    child.stdin.on('error', fail);
  }

  /** Bytes of `rev:path` or of a blob id; null when it does not exist. */
  read(spec: string): Promise<Uint8Array | null> {
    if (this.failed) return Promise.reject(this.failed);
    if (spec.includes('\0')) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.waiting.push({ spec, resolve, reject });
      this.child.stdin.write(`${spec}\0`);
    });
  }

  /**
   * Whether the process keeps node running. A shared reader lets go while no lease is open, so that
   * an idle process never holds the CLI up; while one is, an awaited read must keep the loop alive.
   */
  hold(on: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as { ref?: () => void; unref?: () => void }[]) {
      if (on) handle.ref?.();
      else handle.unref?.();
    }
  }

  /** False once the process failed or was closed: a new one must be started. */
  get usable(): boolean {
    return this.failed === null && !this.closed;
  }

  close(): void {
    this.closed = true;
    this.child.stdin.end();
  }

  private drain(): void {
    for (;;) {
      const waiter = this.waiting[0];
      if (!waiter) return;
      const newline = this.buffer.indexOf(0x0a);
      if (newline === -1) return;
      const header = this.buffer.subarray(0, newline).toString('utf8');
      if (!FOUND.test(header)) {
        // `<spec> missing` or `<spec> ambiguous`, where spec may itself hold newlines.
        const echo = Buffer.byteLength(waiter.spec) + 1;
        const end = this.buffer.indexOf(0x0a, echo);
        if (end === -1) return;
        this.buffer = this.buffer.subarray(end + 1);
        this.waiting.shift();
        waiter.resolve(null);
        continue;
      }
      const size = Number(header.slice(header.lastIndexOf(' ') + 1));
      if (this.buffer.length < newline + 1 + size + 1) return;
      const bytes = Uint8Array.prototype.slice.call(this.buffer, newline + 1, newline + 1 + size);
      this.buffer = this.buffer.subarray(newline + 1 + size + 1);
      this.waiting.shift();
      waiter.resolve(bytes);
    }
  }
}

/** What a caller of GitRepo.openBlobReader holds: reads, and a close that ends its use. */
export interface BlobSource {
  read(spec: string): Promise<Uint8Array | null>;
  close(): void;
}

/**
 * One cat-file process shared by every reader of a repository: a command opens readers one after
 * another (test universe, manifests, loaders, changed files), and each spawn costs a fork of this
 * process, which grows with its memory (8 ms from a fresh node, 27 ms at 500 MB resident, measured).
 * A lease's close releases it; the process ends IDLE_MS after the last lease is released, on a timer
 * that does not keep node alive, and an idle process does not either (git exits when its stdin closes
 * with this process).
 */
export class SharedBlobReader {
  private static readonly IDLE_MS = 200;
  /** The current process and its open leases (a failed one is replaced; its leases see its error). */
  private current: { reader: BlobReader; leases: number } | null = null;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly start: () => BlobReader) {}

  /**
   * `endWhenReleased`: a caller done with the repository when it closes this lease (an analysis
   * that is returning): the process ends then if no other lease is open, rather than IDLE_MS later,
   * so that it does not outlive a CLI that exits meanwhile.
   */
  lease(options: { endWhenReleased?: boolean } = {}): BlobSource {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    if (!this.current?.reader.usable) this.current = { reader: this.start(), leases: 0 };
    const entry = this.current;
    if (entry.leases++ === 0) entry.reader.hold(true);
    let open = true;
    return {
      read: (spec) => entry.reader.read(spec),
      close: () => {
        if (!open) return;
        open = false;
        if (--entry.leases > 0) return;
        entry.reader.hold(false);
        if (entry !== this.current) return entry.reader.close();
        if (options.endWhenReleased) return this.close();
        this.idle = setTimeout(() => this.close(), SharedBlobReader.IDLE_MS);
        this.idle.unref();
      },
    };
  }

  /** Ends the process now (no lease may be open). */
  close(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.current?.reader.close();
    this.current = null;
  }
}
