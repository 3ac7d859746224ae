import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { onTestFinished } from 'vitest';
import { createMcpServer } from '../../src/mcp/server.js';
import { McpSession } from '../../src/mcp/session.js';
import type { ToolAnswer } from './mcp-client.js';

/** The server in this process over the SDK's linked in-memory transports: the fast path for many calls. */
export async function connectInProcess(cwd: string): Promise<(name: string, args?: Record<string, unknown>) => Promise<ToolAnswer>> {
  const session = new McpSession({ cwd, jobs: 1, freshnessTimeoutMs: 60_000, openTimeoutMs: 120_000 });
  session.start();
  const server = createMcpServer(session);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'ratlas-test', version: '0.0.0' });
  await client.connect(clientSide);
  onTestFinished(async () => {
    await client.close();
    await session.close();
  });
  return async (name, args = {}) => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
    const content = result.content as { type: string; text: string }[];
    return { text: content.map((c) => c.text).join('\n'), isError: result.isError === true };
  };
}
