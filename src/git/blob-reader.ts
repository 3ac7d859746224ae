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
    child.on('exit', (code) => {
      if (this.waiting.length > 0) fail(new RatlasError('git-failed', `git cat-file exited with code ${code}.`, { exit: 3 }));
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

  close(): void {
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
