import type { McpSession } from '../session.js';

/** A tool's implementation: validated arguments (defaults filled in) to the answer's text. */
export type ToolHandler = (session: McpSession, args: Record<string, unknown>) => Promise<string>;

/** Arguments as the schema guarantees them; the casts live here, once. */
export const arg = {
  string: (args: Record<string, unknown>, key: string): string => args[key] as string,
  optionalString: (args: Record<string, unknown>, key: string): string | undefined => args[key] as string | undefined,
  number: (args: Record<string, unknown>, key: string): number => args[key] as number,
  boolean: (args: Record<string, unknown>, key: string): boolean => args[key] as boolean,
  strings: (args: Record<string, unknown>, key: string): string[] => (args[key] as string[] | undefined) ?? [],
};

/** `showing 1-25 of 87 callers` plus the cursor of the next page, or the total when all are shown. */
export function pageFooter(noun: string, offset: number, shown: number, total: number, cursor: (offset: number) => string): string {
  if (total === 0) return `no ${noun}`;
  if (offset + shown >= total) return offset === 0 ? `all ${total} ${noun} shown` : `showing ${offset + 1}-${offset + shown} of ${total} ${noun} (last page)`;
  const range = shown === 0 ? `none of ${total - offset} remaining` : `showing ${offset + 1}-${offset + shown} of ${total}`;
  return `${range} ${noun}; ${total - offset - shown} more: call again with cursor "${cursor(offset + shown)}"`;
}

/** A note when a cursor was made on an older generation of the index. */
export function generationNote(cursorGeneration: number, generation: number): string[] {
  return cursorGeneration >= 0 && cursorGeneration !== generation ? ['note: the index changed since the previous page; entries may have moved'] : [];
}
