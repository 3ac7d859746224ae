import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolVersion } from '../pipeline/tool-info.js';
import { QueryError } from '../pipeline/query-errors.js';
import { isRatlasError } from '../util/errors.js';
import { loadTokenCounter } from '../util/token-count.js';
import { INSTRUCTIONS } from './instructions.js';
import { LineTransport } from './line-transport.js';
import { McpSession, type McpSessionOptions } from './session.js';
import { argumentProblems, toolDefinitions } from './tool-schemas.js';
import { calleesOf, callersOf } from './tools/relations.js';
import { diffImpact } from './tools/diff-impact.js';
import { findSymbol } from './tools/find-symbol.js';
import { getContext, repoMap } from './tools/get-context.js';
import { getSymbol } from './tools/get-symbol.js';
import { impactOfTool } from './tools/impact-of.js';
import { indexStatus } from './tools/index-status.js';
import type { ToolHandler } from './tools/tool.js';

/** Every tool, by the name schemas/mcp-tools.schema.json gives it (a test checks both lists agree). */
export const TOOL_HANDLERS: Record<string, ToolHandler> = {
  get_context: getContext,
  repo_map: repoMap,
  find_symbol: findSymbol,
  get_symbol: getSymbol,
  callers_of: callersOf,
  callees_of: calleesOf,
  impact_of: impactOfTool,
  diff_impact: diffImpact,
  index_status: indexStatus,
};

/**
 * The MCP server over one session. The low-level Server (not McpServer) answers tools/list with the
 * JSON Schemas of schemas/mcp-tools.schema.json, so the documented contract is the served one.
 * Every failure of a call is a tool error (isError) with an actionable text, never a protocol error,
 * so the model reads it and can retry.
 */
export function createMcpServer(session: McpSession): Server {
  const server = new Server({ name: 'ratlas', version: toolVersion() }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolDefinitions() }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const name = request.params.name;
    const handler = Object.hasOwn(TOOL_HANDLERS, name) ? TOOL_HANDLERS[name] : undefined;
    if (!handler) {
      return toolError(`Unknown tool "${String(name).slice(0, 80)}".\nTools: ${Object.keys(TOOL_HANDLERS).join(', ')}.`);
    }
    const args: Record<string, unknown> = { ...(request.params.arguments ?? {}) };
    const problems = argumentProblems(name, args);
    if (problems) return toolError(`Invalid arguments for ${name}: ${problems.slice(0, 5).join('; ')}.\nSee the tool's input schema (tools/list).`);
    try {
      // Every answer is measured in tokens; the encoding is normally loaded by now (serveStdio).
      await loadTokenCounter();
      return { content: [{ type: 'text', text: await handler(session, args) }] };
    } catch (error) {
      return toolError(describeError(error));
    }
  });
  return server;
}

function toolError(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The message, up to five "did you mean" suggestions, and the next step. */
export function describeError(error: unknown): string {
  if (!isRatlasError(error)) {
    return `ratlas failed unexpectedly: ${error instanceof Error ? error.message : String(error)}\nThis is a bug in ratlas; the index is unchanged. Please report it with the call you made.`;
  }
  const lines = [`Error (${error.code}): ${error.message}`];
  if (error instanceof QueryError && error.suggestions.length > 0) lines.push('Did you mean:', ...error.suggestions.map((s) => `  ${s}`));
  if (error.hint) lines.push(`Hint: ${error.hint}`);
  return lines.join('\n');
}

/**
 * Serves MCP on stdin/stdout until the client closes the connection. stdout carries only protocol
 * messages: nothing in src/mcp writes to the console.
 */
export async function serveStdio(options: McpSessionOptions): Promise<void> {
  process.env['NO_COLOR'] = '1';
  const session = new McpSession(options);
  session.start();
  // Compiled while the index's first reads wait on disk and git; a failure shows at the first call.
  loadTokenCounter().catch(() => undefined);
  const server = createMcpServer(session);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  // Our own framing (not the SDK's StdioServerTransport): every line is answered, oversized ones
  // too, and the end of stdin closes the server.
  await server.connect(new LineTransport());
  await closed;
  await session.close();
}
