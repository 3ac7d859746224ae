import { callAt, outsideStrings } from './path-expressions.js';

/** A `def` or `class` of a Python text, by offsets into it. */
export interface CodeBlock {
  kind: 'def' | 'class';
  name: string;
  /** A def's parameter names, in order (`*args` and `**kw` without their stars). */
  params: string[];
  /** Of those, the ones with a default that is a value of the def's own (not `None`, a boolean or a number): a caller may leave them to it. */
  defaulted: string[];
  /** The header's first character (after its indentation), the body's first (after the header's `:`), and the block's end. */
  start: number;
  body: number;
  end: number;
  indent: number;
}

/** A logical line: where it starts, its indentation, and whether it holds no code. */
interface LogicalLine {
  start: number;
  indent: number;
  blank: boolean;
}

/**
 * Pure: the logical lines of a Python text whose comments are stripped (its strings not masked: a
 * masked triple-quoted string no longer reads as one): a newline inside brackets or a string, or
 * after a `\`, starts none.
 */
export function logicalLines(code: string): LogicalLine[] {
  const starts = [0];
  for (const { i, c, depth } of outsideStrings(code, 0, 0)) {
    if (c === '\n' && depth <= 0 && code[i - 1] !== '\\') starts.push(i + 1);
  }
  return starts.map((start) => {
    const indent = /^[ \t]*/.exec(code.slice(start, start + 200))![0].length;
    const next = code.indexOf('\n', start);
    const rest = code.slice(start + indent, next === -1 ? code.length : next);
    return { start, indent, blank: rest.trim() === '' };
  });
}

/**
 * Pure: the `def` and `class` blocks of a Python text (nested ones too), from `code` (comments
 * stripped) and `masked` (the same with string contents blanked, same offsets). A block ends at
 * the first logical line after its header indented no deeper than the header.
 */
export function codeBlocks(code: string, masked: string): CodeBlock[] {
  const lines = logicalLines(code);
  const out: CodeBlock[] = [];
  lines.forEach((line, k) => {
    const head = masked.slice(line.start + line.indent, line.start + line.indent + 300);
    const m = /^(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_]\w*)[ \t]*/.exec(head);
    if (!m) return;
    const start = line.start + line.indent;
    let after = start + m[0].length;
    let params: string[] = [];
    let defaulted: string[] = [];
    if (masked[after] === '(') {
      const call = callAt(code, after + 1);
      if (call === null) return;
      if (m[1] === 'def') {
        params = call.args.map(parameterName).filter((p): p is string => p !== null);
        defaulted = call.args.filter((a) => /=\s*(?!None\s*$|True\s*$|False\s*$|-?[\d.]+\s*$)\S/.test(a.replace(/^[^=]*?:[^=]*(?==)/, ''))).map(parameterName).filter((p): p is string => p !== null);
      }
      after = call.end + 1;
    }
    const colon = colonAfter(masked, after);
    if (colon === -1) return;
    let end = masked.length;
    for (let j = k + 1; j < lines.length; j++) {
      if (lines[j]!.start <= colon) continue;
      if (!lines[j]!.blank && lines[j]!.indent <= line.indent) {
        end = lines[j]!.start;
        break;
      }
    }
    out.push({ kind: m[1] as 'def' | 'class', name: m[2]!, params, defaulted, start, body: colon + 1, end, indent: line.indent });
  });
  return out;
}

/** A parameter's name (`*args`: args, `x: int = 1`: x); null for the bare `*` and `/` markers. */
function parameterName(arg: string): string | null {
  return /^\*{0,2}\s*([A-Za-z_]\w*)/.exec(arg.trim())?.[1] ?? null;
}

/** The header's `:` at bracket depth 0 from `from` (past a return annotation), or -1. */
function colonAfter(masked: string, from: number): number {
  for (const { i, c, depth } of outsideStrings(masked, from, 0)) {
    if (depth === 0 && c === ':') return i;
    if (c === '\n' && depth === 0) return -1;
  }
  return -1;
}

/** The innermost def enclosing offset `at`, if any. */
export function enclosingDef(blocks: readonly CodeBlock[], at: number): CodeBlock | undefined {
  let best: CodeBlock | undefined;
  for (const b of blocks) if (b.kind === 'def' && b.body <= at && at < b.end && (best === undefined || b.body > best.body)) best = b;
  return best;
}

/** The innermost block (def or class) whose body holds offset `at`, if any: none at module level. */
export function enclosingBlock(blocks: readonly CodeBlock[], at: number): CodeBlock | undefined {
  let best: CodeBlock | undefined;
  for (const b of blocks) if (b.body <= at && at < b.end && (best === undefined || b.body > best.body)) best = b;
  return best;
}
