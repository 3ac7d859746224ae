import { execFileSync, fork, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** node's own child_process module object: its `spawn` is what every importer of the module calls. */
const childProcess = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');

/**
 * A vitest setup file: the git processes that ratlas (run in this process by runInProcess) and the
 * tests start with `spawn` are started by a small relay process instead of by this worker.
 *
 * Why: node forks the whole process to start a child, and a test worker holding the grammars, sql.js
 * and hundreds of test modules is 200-300 MB: on two cores a fork of it cost 20-50 ms of the worker's
 * thread, against a few ms for the relay (a CPU profile of in-process `impact` runs on a tiny
 * repository: 13 of 27 s in ChildProcess.spawn). An in-process impact starts about 13 git processes.
 *
 * What stays the same: the command, its arguments, folder and environment (the caller's at the time
 * of the call, as spawn takes them), and every event and byte of the child, in its order. What does
 * not: the process tree (git's parent is the relay) and `pid` is unknown until the 'spawn' event.
 * Only a plain `spawn('git', args, { cwd, env, windowsHide, stdio: 'pipe' })` is relayed; any other
 * call, or one the relay could not take, is node's own spawn. The fixture helpers (git-repo.ts), which
 * wait for their git, call execFileThroughRelay.
 */
const RELAY = Symbol.for('ratlas.tests.gitSpawnRelay');
type Message =
  | { t: 'spawn'; id: number; pid: number }
  | { t: 'out' | 'err'; id: number; data: Uint8Array }
  | { t: 'exit' | 'close'; id: number; code: number | null; signal: NodeJS.Signals | null }
  | { t: 'error' | 'stdin-error'; id: number; error: Record<string, unknown> & { message: string } };

/** A command run to its end by the relay, for callers that wait (the fixture helpers' git). */
type RunSync = (file: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }) => string;

const globals = globalThis as { [RELAY]?: { runSync: RunSync } };
globals[RELAY] ??= install();

/**
 * execFileSync(file, args, { cwd, env, input, encoding: 'utf8' }) with the process started by the
 * relay once it is up (a sync call cannot wait for it), by this process before: the same output,
 * the same error when the command fails, its stderr passed on to this process's.
 */
export function execFileThroughRelay(file: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): string {
  return globals[RELAY]!.runSync(file, args, options);
}

function install(): { runSync: RunSync } {
  const nodeSpawn = childProcess.spawn;
  // Two named pipes carry the waiting calls: a process can block reading one (readSync), not an IPC channel.
  const pipes = mkdtempSync(join(tmpdir(), 'ratlas-relay-'));
  const [requests, replies] = [join(pipes, 'requests'), join(pipes, 'replies')];
  const made = spawnSync('mkfifo', [requests, replies]).status === 0;
  const relay = fork(fileURLToPath(new URL('./git-spawn-relay.mjs', import.meta.url)), made ? [requests, replies] : [], {
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: [],
  });
  const live = new Map<number, RelayedChild>();
  let nextId = 1;
  // Like a child's own handles: the channel keeps this process alive only while a relayed child
  // that is not unref()'d runs.
  const holdLoop = () => {
    const held = [...live.values()].some((c) => c.held);
    if (held) relay.channel?.ref();
    else relay.channel?.unref();
  };
  relay.unref();
  holdLoop();
  let ready = false;
  relay.on('message', (message: Message | { t: 'ready' }) => {
    if (message.t === 'ready') {
      ready = true;
      return;
    }
    const child = live.get(message.id);
    if (!child) return;
    child.receive(message);
    if (message.t === 'close') {
      live.delete(message.id);
      holdLoop();
    }
  });
  // A relay that died takes its children's events with it: fail them like a killed process.
  relay.on('exit', () => {
    for (const child of live.values()) child.receive({ t: 'close', id: 0, code: null, signal: 'SIGKILL' });
    live.clear();
    rmSync(pipes, { recursive: true, force: true });
  });
  process.on('exit', () => rmSync(pipes, { recursive: true, force: true }));

  const relayed = function spawn(file: string, args?: readonly string[] | SpawnOptions, options?: SpawnOptions): ChildProcess {
    if (file !== 'git' || !Array.isArray(args) || !args.every((a) => typeof a === 'string') || !plain(options) || relay.exitCode !== null || !relay.connected) {
      return (nodeSpawn as (...a: unknown[]) => ChildProcess)(file, args, options);
    }
    const id = nextId++;
    const env = Object.fromEntries(Object.entries(options?.env ?? process.env).filter((e): e is [string, string] => e[1] !== undefined).map(([k, v]) => [k, String(v)]));
    const child = new RelayedChild(file, args as string[], (message) => relay.send({ ...message, id }), holdLoop);
    live.set(id, child);
    relay.send({ t: 'spawn', id, file, args, cwd: options?.cwd ?? process.cwd(), env, windowsHide: options?.windowsHide ?? false });
    holdLoop();
    return child as unknown as ChildProcess;
  };
  childProcess.spawn = relayed as typeof childProcess.spawn;
  // ES modules importing { spawn } from 'node:child_process' (ratlas, simple-git) see the new one.
  syncBuiltinESMExports();

  let fds: { requests: number; replies: number } | null = null;
  const runSync: RunSync = (file, args, options) => {
    if (!ready || relay.exitCode !== null || !relay.connected) return execFileSync(file, args, { ...options, encoding: 'utf8' });
    // The relay holds both pipes open from its start: neither open blocks.
    fds ??= { requests: openSync(requests, 'w'), replies: openSync(replies, 'r') };
    const env = Object.fromEntries(Object.entries(options.env).filter((e): e is [string, string] => e[1] !== undefined));
    writeFrame(fds.requests, Buffer.from(JSON.stringify({ file, args, cwd: options.cwd, env, input: options.input })));
    const reply = JSON.parse(readFrame(fds.replies).toString('utf8')) as { status: number | null; signal: string | null; stdout: string; stderr: string; error?: Record<string, unknown> & { message: string } };
    if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
    if (reply.stderr) process.stderr.write(reply.stderr);
    if (reply.status !== 0) {
      // What execFileSync throws.
      throw Object.assign(new Error(`Command failed: ${[file, ...args].join(' ')}\n${reply.stderr}`), {
        status: reply.status,
        signal: reply.signal,
        stdout: reply.stdout,
        stderr: reply.stderr,
        output: [null, reply.stdout, reply.stderr],
      });
    }
    return reply.stdout;
  };
  process.on('exit', () => fds && [fds.requests, fds.replies].forEach((fd) => closeSync(fd)));
  return { runSync };
}

/** A length-prefixed message on a pipe. */
function writeFrame(fd: number, body: Buffer): void {
  const frame = Buffer.alloc(4 + body.length);
  frame.writeUInt32BE(body.length);
  body.copy(frame, 4);
  for (let at = 0; at < frame.length; ) at += writeSync(fd, frame, at);
}

function readFrame(fd: number): Buffer {
  const head = readExactly(fd, 4);
  return readExactly(fd, head.readUInt32BE());
}

function readExactly(fd: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  for (let at = 0; at < length; ) {
    const n = readSync(fd, buffer, at, length - at, null);
    // Every writer gone: the relay died mid-call.
    if (n === 0) throw new Error('the git relay process ended before answering');
    at += n;
  }
  return buffer;
}

/** Options the relay reproduces exactly: a folder, an environment, no window, three pipes. */
function plain(options: SpawnOptions | undefined): boolean {
  if (options === undefined) return true;
  const known = new Set(['cwd', 'env', 'windowsHide', 'stdio']);
  if (!Object.keys(options).every((k) => known.has(k) || (options as Record<string, unknown>)[k] === undefined)) return false;
  const { stdio } = options;
  const pipes = stdio === undefined || stdio === 'pipe' || (Array.isArray(stdio) && stdio.length === 3 && stdio.every((s) => s === 'pipe' || s === undefined || s === null));
  return pipes && (options.cwd === undefined || typeof options.cwd === 'string');
}

/** The child process as the caller sees it: node's ChildProcess events, fields and streams. */
class RelayedChild extends EventEmitter {
  pid: number | undefined = undefined;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  killed = false;
  readonly connected = false;
  held = true;
  readonly stdin: Writable;
  readonly stdout = new Readable({ read() {} });
  readonly stderr = new Readable({ read() {} });
  readonly stdio: [Writable, Readable, Readable, undefined, undefined];

  constructor(
    readonly spawnfile: string,
    args: string[],
    private readonly send: (message: { t: string; [key: string]: unknown }) => void,
    private readonly holdLoop: () => void,
  ) {
    super();
    this.spawnargs = [spawnfile, ...args];
    this.stdin = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        send({ t: 'in', data: chunk });
        done();
      },
      final: (done) => {
        send({ t: 'end' });
        done();
      },
    });
    this.stdio = [this.stdin, this.stdout, this.stderr, undefined, undefined];
  }

  readonly spawnargs: string[];

  receive(message: Message): void {
    switch (message.t) {
      case 'spawn':
        this.pid = message.pid;
        this.emit('spawn');
        break;
      case 'out':
        this.stdout.push(Buffer.from(message.data));
        break;
      case 'err':
        this.stderr.push(Buffer.from(message.data));
        break;
      case 'error':
        this.emit('error', Object.assign(new Error(message.error.message), message.error));
        break;
      case 'stdin-error':
        this.stdin.destroy(Object.assign(new Error(message.error.message), message.error));
        break;
      case 'exit':
        this.exitCode = message.code;
        this.signalCode = message.signal;
        // As node does when a child exits: its stdin goes.
        this.stdin.destroy();
        this.emit('exit', message.code, message.signal);
        break;
      case 'close':
        this.closeAfterStreams(message.code, message.signal);
        break;
    }
  }

  kill(signal: NodeJS.Signals | number = 'SIGTERM'): boolean {
    if (this.exitCode !== null || this.signalCode !== null) return false;
    this.send({ t: 'kill', signal });
    this.killed = true;
    return true;
  }

  ref(): void {
    this.held = true;
    this.holdLoop();
  }

  unref(): void {
    this.held = false;
    this.holdLoop();
  }

  /** 'close' once both output streams ended; an output nobody reads is drained, as node does. */
  private closeAfterStreams(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.exitCode === null && this.signalCode === null && signal !== null) this.signalCode = signal;
    let open = 0;
    const done = () => {
      if (--open === 0) this.emit('close', code, signal);
    };
    for (const stream of [this.stdout, this.stderr]) {
      if (stream.readableEnded || stream.destroyed) continue;
      open++;
      stream.once('end', done);
      stream.once('close', () => !stream.readableEnded && done());
      stream.push(null);
      if (stream.readableFlowing === null) stream.resume();
    }
    if (open === 0) this.emit('close', code, signal);
  }
}
