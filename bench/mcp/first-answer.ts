/**
 * Time to the first get_context answer of a freshly started `ratlas mcp`, builds side by side: each
 * run spawns a server over stdio (the SDK's Client), connects, optionally waits (an agent reading the
 * tool list before its first call), asks get_context once and again, and closes. Runs alternate
 * between the builds so that the machine's load falls on both alike.
 *
 * Usage: npx tsx bench/mcp/first-answer.ts REPO --cache-dir DIR [--runs 7] [--delay MS] BUILD...
 * BUILD is a folder with bin/run.js (a copy of a built checkout), or FOLDER=CACHE_DIR to give that
 * build a cache folder of its own (builds of different extraction versions do not share
 * artifacts); DIR should hold the artifact of REPO's HEAD, so that the server reuses it (the
 * "artifact reused" case of issue 22).
 * Prints per build the median connect time, first answer (from spawn), first answer from the call
 * (what the agent waits after its call) and the second call, and a hash of both answers: equal
 * hashes mean the builds answered the same.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'cache-dir': { type: 'string' }, runs: { type: 'string', default: '7' }, delay: { type: 'string', default: '0' } },
});
const [repo, ...builds] = positionals;
if (!repo || builds.length === 0 || !values['cache-dir']) {
  process.stderr.write('usage: first-answer.ts REPO --cache-dir DIR [--runs N] [--delay MS] BUILD...\n');
  process.exit(2);
}
const TASKS = ['fix the query builder join alias', 'entity manager save cascade'];

interface Run {
  connect: number;
  first: number;
  fromCall: number;
  second: number;
  answers: string;
}

async function once(build: string): Promise<Run> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(build.split('=')[0]!, 'bin', 'run.js'), 'mcp', '--repo', repo!, '--cache-dir', build.split('=')[1] ?? values['cache-dir']!, '--open-timeout', '600000', '--freshness-timeout', '60000'],
    env: { ...getDefaultEnvironment(), NO_COLOR: '1' },
    stderr: 'inherit',
  });
  const client = new Client({ name: 'first-answer', version: '0' });
  const ask = async (task: string) => {
    const result = await client.callTool({ name: 'get_context', arguments: { task, budget: 4000 } }, undefined, { timeout: 900_000 });
    return (result.content as { text: string }[])[0]!.text;
  };
  const started = performance.now();
  await client.connect(transport);
  const connected = performance.now();
  await new Promise((resolve) => setTimeout(resolve, Number(values.delay)));
  const called = performance.now();
  const first = await ask(TASKS[0]!);
  const answered = performance.now();
  const second = await ask(TASKS[1]!);
  const done = performance.now();
  await client.close();
  return {
    connect: connected - started,
    first: answered - started,
    fromCall: answered - called,
    second: done - answered,
    answers: createHash('sha256').update(first).update(second).digest('hex').slice(0, 12),
  };
}

const runs = new Map<string, Run[]>(builds.map((b) => [b, []]));
for (let i = 0; i < Number(values.runs); i++) for (const build of builds) runs.get(build)!.push(await once(build));

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[sorted.length >> 1]!);
};
for (const [build, list] of runs) {
  const answers = [...new Set(list.map((r) => r.answers))].join(',');
  console.log(
    `${build}: connect ${median(list.map((r) => r.connect))} ms, first answer ${median(list.map((r) => r.first))} ms (from the call ${median(list.map((r) => r.fromCall))} ms), second ${median(list.map((r) => r.second))} ms, answers ${answers}`,
  );
}
