// The process that starts git for a test worker (tests/helpers/relay-git-spawns.ts): a fork of this
// small process costs a few milliseconds, a fork of the worker 20-50 ms. It starts each child the
// worker asks for with the worker's own command, arguments, folder and environment, and hands back
// every event and every byte in the order its child produced them.
import { spawn } from 'node:child_process';

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
