import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

/** The largest message read, in bytes. The largest valid tool call (get_context at its argument caps) is about 60 KB. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

/**
 * MCP over stdio, one JSON-RPC message per line, framed here rather than by the SDK's
 * StdioServerTransport, which drops what it cannot parse without a reply (a client waiting on that
 * id hangs) and, after one message over its 10 MiB buffer, closes itself while the process lives
 * on. Here every line is answered or delivered: broken JSON is -32700; a batch, a wrong `jsonrpc`,
 * an id that is not a string or number, or `params` that is not an object is -32600 with the id
 * when one can be read; a line over MAX_MESSAGE_BYTES is skipped to its end and refused with the id
 * read from its start. A UTF-8 byte-order mark and a trailing CR are tolerated. Every message is
 * one line; errors are one line too.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** While skipping an oversized line: its first bytes (to read the id from) and its length so far. */
  private skipping: { head: string; bytes: number } | null = null;
  /** The method of each request delivered and not yet answered, to word the SDK's errors. */
  private readonly methods = new Map<RequestId, string>();
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      const nl = chunk.indexOf(0x0a, at);
      const end = nl === -1 ? chunk.length : nl;
      this.take(chunk.subarray(at, end));
      if (nl === -1) break;
      this.endLine();
      at = nl + 1;
    }
  };

  private readonly onEnd = () => void this.close();

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', (error: Error) => this.onerror?.(error));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.pause();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const out = this.reword(message);
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(out)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  /** Part of the current line. Past the cap, only its first bytes are kept (for its id). */
  private take(part: Buffer): void {
    if (this.skipping) {
      this.skipping.bytes += part.length;
      return;
    }
    if (this.size + part.length > MAX_MESSAGE_BYTES) {
      const head = Buffer.concat([...this.chunks, part]).subarray(0, 4096).toString('utf8');
      this.skipping = { head, bytes: this.size + part.length };
      this.chunks = [];
      this.size = 0;
      return;
    }
    this.chunks.push(Buffer.from(part));
    this.size += part.length;
  }

  private endLine(): void {
    if (this.skipping) {
      const { head, bytes } = this.skipping;
      this.skipping = null;
      this.reply(idInText(head), INVALID_REQUEST, `Message of ${bytes} bytes is over the limit of ${MAX_MESSAGE_BYTES} bytes; it was not read. Send smaller arguments (see each tool's input schema).`);
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/^\uFEFF/, '').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.reply(null, PARSE_ERROR, `Parse error: ${(error as Error).message.split('\n')[0]!.slice(0, 200)}. Send one JSON-RPC message per line.`);
      return;
    }
    if (Array.isArray(value)) {
      const ids = value.map(idOf).filter((id): id is RequestId => id !== null);
      const why = 'Batches are not supported (MCP 2025-06-18 removed them); send one message per line.';
      if (ids.length === 0) this.reply(null, INVALID_REQUEST, why);
      for (const id of ids) this.reply(id, INVALID_REQUEST, why);
      return;
    }
    this.deliver(value);
  }

  private deliver(value: unknown): void {
    if (typeof value !== 'object' || value === null) {
      this.reply(null, INVALID_REQUEST, 'Invalid request: a message is a JSON object.');
      return;
    }
    const message = value as Record<string, unknown>;
    const hasId = Object.hasOwn(message, 'id');
    const id = idOf(message);
    const answerable = typeof message['method'] === 'string' ? hasId : !('result' in message || 'error' in message);
    const problem = requestProblem(message, hasId, id);
    if (problem) {
      // A notification cannot be answered; anything else that carries an id (or a bad one) is.
      if (answerable || (hasId && id === null)) this.reply(id, INVALID_REQUEST, `Invalid request: ${problem}.`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(message);
    if (!parsed.success) {
      if (answerable) this.reply(id, INVALID_REQUEST, `Invalid request: ${firstIssue(parsed.error.issues)}.`);
      return;
    }
    if (id !== null && typeof message['method'] === 'string') this.methods.set(id, message['method']);
    this.onmessage?.(parsed.data);
  }

  /**
   * The SDK answers a request whose params fail its schema (`arguments: null`) with -32603 and the
   * whole zod dump as the message; that is invalid params, said in one line.
   */
  private reword(message: JSONRPCMessage): JSONRPCMessage {
    if (!('id' in message) || message.id === undefined) return message;
    const method = this.methods.get(message.id);
    this.methods.delete(message.id);
    if (!('error' in message) || message.error.code !== INTERNAL_ERROR) return message;
    const issues = zodIssues(message.error.message);
    if (!issues) return { ...message, error: { ...message.error, message: oneLine(message.error.message) } };
    return { ...message, error: { code: INVALID_PARAMS, message: `Invalid params for ${method ?? 'the request'}: ${firstIssue(issues)}.` } };
  }

  private reply(id: RequestId | null, code: number, message: string): void {
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

/** A request id JSON-RPC allows here: a string or an integer. */
function idOf(value: unknown): RequestId | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : null;
}

/** The id from the start of a line too long to parse, when it is there. */
function idInText(head: string): RequestId | null {
  const match = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")/.exec(head);
  if (!match) return null;
  try {
    return idOf({ id: JSON.parse(match[1]!) });
  } catch {
    return null;
  }
}

function requestProblem(message: Record<string, unknown>, hasId: boolean, id: RequestId | null): string | null {
  if (message['jsonrpc'] !== '2.0') return `"jsonrpc" must be "2.0"`;
  if (hasId && id === null) return 'the id must be a string or an integer';
  const method = message['method'];
  if (method === undefined) return 'result' in message || 'error' in message ? null : 'no "method"';
  if (typeof method !== 'string') return '"method" must be a string';
  if ('params' in message && (typeof message['params'] !== 'object' || message['params'] === null || Array.isArray(message['params']))) {
    return '"params" must be an object when present';
  }
  return null;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

function firstIssue(issues: readonly Issue[]): string {
  const issue = issues[0];
  if (!issue) return 'it does not match the schema';
  const where = issue.path.filter((p) => p !== 'params').map(String).join('.') || 'message';
  return oneLine(`${where}: ${issue.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`);
}

function zodIssues(text: string): Issue[] | null {
  try {
    const value: unknown = JSON.parse(text.slice(text.indexOf('[')));
    return Array.isArray(value) && value.every((i) => typeof i === 'object' && i !== null && 'message' in i) ? (value as Issue[]) : null;
  } catch {
    return null;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
