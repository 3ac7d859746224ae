import { fork, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
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
 * call, or one the relay could not take, is node's own spawn.
 */
const RELAY = Symbol.for('ratlas.tests.gitSpawnRelay');
type Message =
  | { t: 'spawn'; id: number; pid: number }
  | { t: 'out' | 'err'; id: number; data: Uint8Array }
  | { t: 'exit' | 'close'; id: number; code: number | null; signal: NodeJS.Signals | null }
  | { t: 'error' | 'stdin-error'; id: number; error: Record<string, unknown> & { message: string } };

const globals = globalThis as { [RELAY]?: true };
if (!globals[RELAY]) {
  globals[RELAY] = true;
  install();
}

function install(): void {
  const nodeSpawn = childProcess.spawn;
  const relay = fork(fileURLToPath(new URL('./git-spawn-relay.mjs', import.meta.url)), [], {
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
  relay.on('message', (message: Message) => {
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
  });

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
