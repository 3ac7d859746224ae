/**
 * Tool latency of `ratlas mcp` on a real repository, measured the way an agent sees it: the built
 * server spawned over stdio, called with the SDK's Client. Reports time to first answer (cold: no
 * artifact; warm: artifact reused), then median and p95 per tool over calls derived from the repo
 * (commit subjects as tasks, symbols found by find_symbol as targets), and the latency of the first
 * answer after a working-tree edit (detect + parse + re-resolve + answer).
 *
 * Usage: npm run build && npx tsx bench/mcp/latency.ts REPO [--cache-dir DIR] [--cold] [--freshness-timeout MS]
 * The freshness timeout defaults to 60 s here so that every answer is fresh and the edit latency is
 * the whole cost of applying the edit (the server's own default is 2 s).
 * REPO must be a clone outside the project; it is edited (one file) and restored.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'cache-dir': { type: 'string', default: '/tmp/ratlas-bench-cache' },
    cold: { type: 'boolean', default: false },
    calls: { type: 'string', default: '20' },
    'freshness-timeout': { type: 'string', default: '60000' },
  },
});
const repo = positionals[0]!;
const cacheDir = values['cache-dir']!;
const perTool = Number(values.calls);
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
if (values.cold) rmSync(cacheDir, { recursive: true, force: true });

const bin = new URL('../../bin/run.js', import.meta.url).pathname;
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [bin, 'mcp', '--repo', repo, '--cache-dir', cacheDir, '--open-timeout', '600000', '--freshness-timeout', values['freshness-timeout']!],
  env: { ...getDefaultEnvironment(), NO_COLOR: '1' },
  stderr: 'inherit',
});
const client = new Client({ name: 'ratlas-bench', version: '0' });
const times = new Map<string, number[]>();
const cpuTimes = new Map<string, number[]>();

/**
 * CPU time the server's threads have used, in ms (Linux: the first field of each thread's
 * schedstat, in ns). On a loaded machine wall time mostly measures the queue for a core; CPU time
 * is what the call costs.
 */
function serverCpuMs(): number {
  const pid = transport.pid;
  if (pid === null) return 0;
  let ns = 0;
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  } catch {
    return 0;
  }
  return ns / 1e6;
}

async function call(name: string, args: Record<string, unknown> = {}): Promise<string> {
  const started = performance.now();
  const cpuBefore = serverCpuMs();
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 900_000 });
  const ms = performance.now() - started;
  (times.get(name) ?? times.set(name, []).get(name)!).push(ms);
  (cpuTimes.get(name) ?? cpuTimes.set(name, []).get(name)!).push(serverCpuMs() - cpuBefore);
  const text = (result.content as { text: string }[])[0]!.text;
  if (result.isError) process.stderr.write(`${name} ${JSON.stringify(args)} -> ${text.split('\n')[0]}\n`);
  return text;
}

const startedAt = performance.now();
await client.connect(transport);
const connectMs = performance.now() - startedAt;
const status = await call('index_status');
const firstAnswerMs = performance.now() - startedAt;
const firstAnswerCpuMs = serverCpuMs();
times.delete('index_status');
cpuTimes.delete('index_status');

const subjects = git('log', `-${perTool}`, '--no-merges', '--format=%s').trim().split('\n');
const ids: string[] = [];
for (const subject of subjects) {
  await call('get_context', { task: subject, budget: 4000 });
  const words = subject.match(/[A-Za-z][A-Za-z0-9_]{3,}/g) ?? ['index'];
  const found = await call('find_symbol', { query: words.slice(-2).join(' '), limit: 10 });
  for (const match of found.matchAll(/^(\S+#\S+) \((?:function|method|class)/gm)) {
    if (!ids.includes(match[1]!)) ids.push(match[1]!);
    break;
  }
}
const dirs = [...new Set(git('ls-files').split('\n').filter((p) => /\.[cm]?[jt]sx?$/.test(p)).map((p) => p.split('/')[0]!))].slice(0, 5);
for (const dir of ['', ...dirs]) await call('repo_map', { budget: 2000, path_prefix: dir });
for (const id of ids.slice(0, perTool)) {
  await call('get_symbol', { qualname: id });
  await call('callers_of', { qualname: id, depth: 2 });
  await call('callees_of', { qualname: id });
  await call('impact_of', { target: id });
}
for (let i = 0; i < 5; i++) await call('index_status');

// One edit: a new function appended to a file; the first answer after it must show it.
const edited = ids[0]!.split('#')[0]!;
const original = readFileSync(join(repo, edited));
const editTimes: number[] = [];
let staleAfterEdit = 0;
try {
  for (let i = 0; i < 5; i++) {
    appendFileSync(join(repo, edited), `\nexport function ratlasBenchProbe${i}(): number {\n  return ${i};\n}\n`);
    const started = performance.now();
    const answer = await call('find_symbol', { query: `ratlasBenchProbe${i}` });
    editTimes.push(performance.now() - started);
    if (!answer.includes(`#ratlasBenchProbe${i} (function`)) throw new Error(`edit ${i} not reflected: ${answer.slice(0, 300)}`);
    if (answer.split('\n', 1)[0]!.includes('STALE')) staleAfterEdit++;
  }
} finally {
  writeFileSync(join(repo, edited), original);
}
await call('index_status');
await client.close();

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
console.log(`repo ${repo} at ${git('rev-parse', 'HEAD').trim()}`);
console.log(status.split('\n').slice(1, 6).join('\n'));
console.log(
  `connect ${connectMs.toFixed(0)} ms; first answer (index ${values.cold ? 'built' : 'reused'} + working tree applied) ${(firstAnswerMs / 1000).toFixed(1)} s, server CPU until then ${(firstAnswerCpuMs / 1000).toFixed(1)} s`,
);
console.log(['tool', 'calls', 'median ms', 'p95 ms', 'server CPU median ms', 'CPU p95 ms'].join('\t'));
for (const [name, xs] of [...times].sort()) {
  const cpu = cpuTimes.get(name)!;
  console.log([name, xs.length, quantile(xs, 0.5).toFixed(0), quantile(xs, 0.95).toFixed(0), quantile(cpu, 0.5).toFixed(0), quantile(cpu, 0.95).toFixed(0)].join('\t'));
}
console.log(['edit->answer', editTimes.length, quantile(editTimes, 0.5).toFixed(0), quantile(editTimes, 0.95).toFixed(0)].join('\t'));
if (staleAfterEdit > 0) console.log(`answers after an edit that were STALE: ${staleAfterEdit}`);
console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
