import { describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';
import { rawMcp } from './raw-mcp.js';

const TREE = { 'src/a.ts': 'export function alpha() { return 1; }\n' };

// A client waiting on an id hangs forever when the server drops its message: every one is answered.
describe('the MCP server answers malformed input with a JSON-RPC error and keeps serving', { timeout: 240_000 }, () => {
  it('parse errors and invalid requests get -32700 / -32600 with a one-line message', async () => {
    const mcp = rawMcp(gitRepo(TREE));
    await mcp.initialize();
    const cases: [string, unknown, number][] = [
      ['{\n', null, -32700],
      ['not json\n', null, -32700],
      [`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: null })}\n`, 1, -32600],
      [`${JSON.stringify({ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' })}\n`, null, -32600],
      [`${JSON.stringify([{ jsonrpc: '2.0', id: 2, method: 'ping' }, { jsonrpc: '2.0', id: 3, method: 'ping' }])}\n`, 2, -32600],
      [`${JSON.stringify({ jsonrpc: '1.0', id: 4, method: 'ping' })}\n`, 4, -32600],
      [`${JSON.stringify({ jsonrpc: '2.0', id: 5 })}\n`, 5, -32600],
      ['[]\n', null, -32600],
      ['42\n', null, -32600],
    ];
    for (const [line, id, code] of cases) {
      const before = mcp.replies.length;
      await mcp.write(line);
      const reply = await mcp.reply((r, i = mcp.replies.indexOf(r)) => i >= before && r.id === id && r.error !== undefined);
      expect(reply.error!.code, line).toBe(code);
      expect(reply.error!.message, line).not.toContain('\n');
      expect(reply.error!.message.length, line).toBeLessThan(300);
      expect(reply.jsonrpc).toBe('2.0');
    }
    // The second element of the batch is answered too.
    expect((await mcp.byId(3)).error!.code).toBe(-32600);
    // A byte-order mark before a valid message is tolerated.
    await mcp.write(`\uFEFF${JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping' })}\n`);
    expect(await mcp.byId(6)).toMatchObject({ id: 6, result: {} });
    // arguments: null is invalid params, said in one line, not a validation dump.
    const nullArgs = await mcp.callTool(7, 'index_status', null);
    expect(nullArgs.error?.code).toBe(-32602);
    expect(nullArgs.error!.message).not.toContain('\n');
    expect(nullArgs.error!.message).toContain('arguments');
    const status = await mcp.callTool(8, 'index_status');
    expect(status.result?.isError).not.toBe(true);
    expect(status.result?.content?.[0]?.text).toContain('ratlas index_status');
  });

  it('a message over the size limit gets an error reply with its id, and the server keeps serving', async () => {
    const mcp = rawMcp(gitRepo(TREE));
    await mcp.initialize();
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 'huge', method: 'tools/call', params: { name: 'get_context', arguments: { task: 'a'.repeat(11 * 1024 * 1024) } } });
    await mcp.write(`${huge}\n`);
    const refused = await mcp.byId('huge');
    expect(refused.error?.code).toBe(-32600);
    expect(refused.error!.message).toContain('limit');
    const status = await mcp.callTool('after', 'index_status');
    expect(status.result?.content?.[0]?.text).toContain('ratlas index_status');
    const long = await mcp.callTool('long-task', 'get_context', { task: 'b'.repeat(100_000) });
    expect(long.result?.isError).toBe(true);
    expect(long.result?.content?.[0]?.text).toContain('task must NOT have more than 8000 characters');
  });
});
