import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { onTestFinished } from 'vitest';

const BIN = new URL('../../bin/run.js', import.meta.url).pathname;
const BUILT = new URL('../../dist/bundle/commands.js', import.meta.url).pathname;

export interface RawReply {
  jsonrpc?: unknown;
  id?: unknown;
  result?: { content?: { text: string }[]; isError?: boolean; [key: string]: unknown };
  error?: { code: number; message: string };
}

/**
 * `ratlas mcp` spawned over real stdio, written to line by line with no SDK in between, so that a
 * test can send what no SDK client would: broken JSON, batches, odd ids, oversized lines.
 */
export function rawMcp(repo: string) {
  if (!existsSync(BUILT)) throw new Error('dist/ is missing: run `npm run build` first.');
  const child = spawn(process.execPath, [BIN, 'mcp', '--repo', repo, '--jobs', '1', '--freshness-timeout', '60000'], {
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  onTestFinished(() => {
    child.stdin.end();
    child.kill();
  });
  const replies: RawReply[] = [];
  const rawLines: string[] = [];
  let stderr = '';
  let pending = '';
  const waiters: { test: (r: RawReply) => boolean; resolve: (r: RawReply) => void }[] = [];
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    pending += d;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      rawLines.push(line);
      const reply = JSON.parse(line) as RawReply;
      replies.push(reply);
      for (const w of waiters.splice(0)) {
        if (w.test(reply)) w.resolve(reply);
        else waiters.push(w);
      }
    }
  });
  const write = (line: string | Buffer) => new Promise<void>((resolve) => (child.stdin.write(line) ? resolve() : child.stdin.once('drain', () => resolve())));
  /** The first reply (already received or still to come) that passes `test`. */
  const reply = (test: (r: RawReply) => boolean, timeoutMs = 60_000) =>
    new Promise<RawReply>((resolve, reject) => {
      const known = replies.find(test);
      if (known) return resolve(known);
      const timer = setTimeout(() => reject(new Error(`no such reply within ${timeoutMs} ms; got ${JSON.stringify(replies).slice(0, 2000)}; stderr ${stderr}`)), timeoutMs);
      waiters.push({ test, resolve: (r) => (clearTimeout(timer), resolve(r)) });
    });
  const byId = (id: unknown) => reply((r) => r.id === id);
  const initialize = async () => {
    await write(`${JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } })}\n`);
    await byId('init');
    await write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  };
  const callTool = async (id: string | number, name: string, args: unknown = {}) => {
    await write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })}\n`);
    return byId(id);
  };
  return { child, write, reply, byId, initialize, callTool, replies, rawLines, stderr: () => stderr };
}
