// The process that starts git for a test worker (tests/helpers/relay-git-spawns.ts): a fork of this
// small process costs a few milliseconds, a fork of the worker 20-50 ms. It starts each child the
// worker asks for with the worker's own command, arguments, folder and environment, and hands back
// every event and every byte in the order its child produced them.
import { spawn } from 'node:child_process';
import { openSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';

const children = new Map();

const send = (message) => process.connected && process.send(message);

process.on('message', (message) => {
  const { t, id } = message;
  if (t === 'spawn') start(id, message);
  else if (t === 'in') children.get(id)?.stdin.write(message.data);
  else if (t === 'end') children.get(id)?.stdin.end();
  else if (t === 'kill') children.get(id)?.kill(message.signal);
});

// The worker is gone (it ended, or crashed): so are the processes it started.
process.on('disconnect', () => {
  for (const child of children.values()) child.kill('SIGKILL');
  process.exit(0);
});

// Calls the worker waits for (execFileThroughRelay): a length-prefixed JSON request on one named
// pipe, the reply on the other. Both are opened read-write here, so that neither side's open blocks.
const [requestsPath, repliesPath] = process.argv.slice(2);
if (requestsPath && repliesPath) {
  const replies = openSync(repliesPath, 'r+');
  let pending = Buffer.alloc(0);
  // Read as a socket (polled), not a file stream: a file stream's read blocks a threadpool thread,
  // and node's exit waits for those.
  const requests = new Socket({ fd: openSync(requestsPath, 'r+'), readable: true, writable: false });
  requests.unref();
  requests.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
      const body = pending.subarray(4, 4 + pending.readUInt32BE(0));
      pending = pending.subarray(4 + body.length);
      run(JSON.parse(body.toString('utf8')), (reply) => {
        const bytes = Buffer.from(JSON.stringify(reply));
        const frame = Buffer.alloc(4 + bytes.length);
        frame.writeUInt32BE(bytes.length);
        bytes.copy(frame, 4);
        for (let at = 0; at < frame.length; ) at += writeSync(replies, frame, at);
      });
    }
  });
  send({ t: 'ready' });
}

/** Runs a command to its end, as execFileSync does: stdin is `input` (or empty), output as text. */
function run({ file, args, cwd, env, input }, reply) {
  const child = spawn(file, args, { cwd, env, stdio: 'pipe' });
  const stdout = [];
  const stderr = [];
  let error = null;
  child.on('error', (e) => (error = { ...e, message: e.message }));
  child.stdout.on('data', (d) => stdout.push(d));
  child.stderr.on('data', (d) => stderr.push(d));
  child.stdin.on('error', () => {});
  child.stdin.end(input ?? '');
  child.on('close', (status, signal) =>
    reply(error ? { error } : { status, signal, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }),
  );
}

function start(id, { file, args, cwd, env, windowsHide }) {
  const child = spawn(file, args, { cwd, env, windowsHide, stdio: 'pipe' });
  children.set(id, child);
  child.on('spawn', () => send({ t: 'spawn', id, pid: child.pid }));
  child.on('error', (error) => send({ t: 'error', id, error: { ...error, message: error.message } }));
  child.stdout.on('data', (data) => send({ t: 'out', id, data }));
  child.stderr.on('data', (data) => send({ t: 'err', id, data }));
  child.stdin.on('error', (error) => send({ t: 'stdin-error', id, error: { ...error, message: error.message } }));
  child.on('exit', (code, signal) => send({ t: 'exit', id, code, signal }));
  child.on('close', (code, signal) => {
    children.delete(id);
    send({ t: 'close', id, code, signal });
  });
}
