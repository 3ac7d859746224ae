import { describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';
import { seededRandom } from '../lang/helpers/healthy-symbols.js';
import { rawMcp } from './raw-mcp.js';

const TREE = {
  'src/a.ts': 'export function alpha() { return beta(); }\nexport function beta() { return 1; }\n',
  'tests/a.test.ts': "import { alpha } from '../src/a';\ntest('a', () => alpha());\n",
};

interface FuzzLine {
  text: string;
  /** Ids that must get exactly one reply each. */
  expects: (string | number)[];
}

/** Random and malformed JSON-RPC lines, each with the ids the server owes an answer to. */
function fuzzLines(seed: number, count: number): FuzzLine[] {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const tools = ['index_status', 'find_symbol', 'get_symbol', 'callers_of', 'repo_map', 'no_such_tool'];
  const argsPool: unknown[] = [{}, { query: 'alpha' }, { qualname: 'alpha' }, { query: 5 }, { budget: -1 }, { qualname: 'x'.repeat(600) }, [], 'str', null, { nested: { deep: [1, { a: null }] } }];
  const methods = ['ping', 'tools/list', 'tools/call', 'resources/list', 'nope/nothing', 'initialize'];
  const junk = ['{', '}', 'not json', '[', '"', 'null', 'true', '{"jsonrpc":', '\u0000\u0001', '😀', '{"a":1}{"b":2}', '\\', ' '];
  const lines: FuzzLine[] = [];
  for (let i = 0; i < count; i++) {
    const id = rand() < 0.5 ? i : `f${i}`;
    const method = pick(methods);
    const params = method === 'tools/call' ? { name: pick(tools), arguments: pick(argsPool) } : method === 'initialize' ? { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } } : {};
    const message: Record<string, unknown> = { jsonrpc: '2.0', id, method, params };
    const kind = rand();
    if (kind < 0.3) {
      lines.push({ text: JSON.stringify(message), expects: [id] });
    } else if (kind < 0.4) {
      // A broken field; the id survives unless it is the field broken.
      const field = pick(['jsonrpc', 'method', 'params', 'id'] as const);
      const picked = pick([null, 1.5, [], {}, '', 'x', true] as const);
      // A string id stays valid; it is made unique so its one reply can be counted.
      const broken = field === 'id' && typeof picked === 'string' ? `${picked}~${i}` : picked;
      const m = { ...message, [field]: broken };
      const keepsId = field !== 'id' || typeof broken === 'string';
      lines.push({ text: JSON.stringify(m), expects: keepsId ? [field === 'id' ? (broken as string) : id] : [] });
    } else if (kind < 0.5) {
      const text = JSON.stringify(message);
      lines.push({ text: text.slice(0, 1 + Math.floor(rand() * (text.length - 2))), expects: [] });
    } else if (kind < 0.6) {
      lines.push({ text: Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(junk)).join(''), expects: [] });
    } else if (kind < 0.67) {
      const second = `b${i}`;
      lines.push({ text: JSON.stringify([message, { ...message, id: second }, { jsonrpc: '2.0', method: 'notifications/x' }]), expects: [id, second] });
    } else if (kind < 0.74) {
      lines.push({ text: JSON.stringify({ jsonrpc: '2.0', method: pick(['notifications/initialized', 'notifications/progress', 'nope']), params: {} }), expects: [] });
    } else if (kind < 0.8) {
      // A response the server never asked for: not a request, nothing to answer.
      lines.push({ text: JSON.stringify({ jsonrpc: '2.0', id, result: {} }), expects: [] });
    } else if (kind < 0.87) {
      lines.push({ text: `\uFEFF${JSON.stringify(message)}\r`, expects: [id] });
    } else if (kind < 0.93) {
      lines.push({ text: JSON.stringify({ ...message, extra: 'x'.repeat(Math.floor(rand() * 5000)) }), expects: [id] });
    } else if (kind < 0.97) {
      lines.push({ text: JSON.stringify({ jsonrpc: '2.0', id }), expects: [id] });
    } else {
      lines.push({ text: JSON.stringify({ ...message, params: { name: 'get_context', arguments: { task: 'z'.repeat(1_200_000) } } }), expects: [id] });
    }
  }
  return lines;
}

describe('MCP fuzz: random and malformed lines', { timeout: 300_000 }, () => {
  it('every request with an id gets exactly one reply, and index_status still answers', async () => {
    const mcp = rawMcp(gitRepo(TREE));
    await mcp.initialize();
    const lines = fuzzLines(19, 400);
    for (const line of lines) await mcp.write(`${line.text}\n`);
    const expected = lines.flatMap((l) => l.expects);
    expect(new Set(expected).size).toBe(expected.length);
    for (const id of expected) await mcp.byId(id);
    const status = await mcp.callTool('final-status', 'index_status');
    expect(status.result?.content?.[0]?.text).toContain('ratlas index_status');
    const counts = new Map<unknown, number>();
    for (const r of mcp.replies) if (r.id !== null) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
    const owed = new Set<unknown>([...expected, 'init', 'final-status']);
    expect([...counts].filter(([id, n]) => n !== 1 || !owed.has(id))).toEqual([]);
    for (const line of mcp.rawLines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    for (const r of mcp.replies) if (r.error) expect(r.error.message).not.toContain('\n');
    expect(mcp.child.exitCode).toBe(null);
  });
});
