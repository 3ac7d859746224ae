import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { onTestFinished } from 'vitest';

const BIN = new URL('../../bin/run.js', import.meta.url).pathname;
const BUILT = new URL('../../dist/bundle/commands.js', import.meta.url).pathname;

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

/**
 * A connected SDK client talking to a spawned `ratlas mcp` over real stdio; closed when the test ends.
 * Calls wait for working-tree edits to be indexed (a generous freshness timeout) unless the test
 * passes its own.
 */
export async function spawnMcp(repo: string, extraArgs: string[] = []): Promise<{ client: Client; call: (name: string, args?: Record<string, unknown>) => Promise<ToolAnswer> }> {
  if (!existsSync(BUILT)) throw new Error('dist/ is missing: run `npm run build` first (npm ci runs it through prepare).');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--repo', repo, '--jobs', '1', ...(extraArgs.includes('--freshness-timeout') ? [] : ['--freshness-timeout', '60000']), ...extraArgs],
    env: { ...getDefaultEnvironment(), NO_COLOR: '1' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'ratlas-test', version: '0.0.0' });
  await client.connect(transport);
  onTestFinished(() => client.close());
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
    const content = result.content as { type: string; text: string }[];
    return { text: content.map((c) => c.text).join('\n'), isError: result.isError === true };
  };
  return { client, call };
}
