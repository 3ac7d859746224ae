/**
 * The values a configuration read statically holds (read-config-literal.ts): JSON-like data, with
 * what the reading could not know marked as such.
 */

/** A value the static reading could not know (computed, imported, a function's result). */
export class Unknown {
  constructor(readonly why: string) {}
}

export type Literal = string | number | boolean | null | Unknown | Literal[] | { [key: string]: Literal };

export function isObject(value: unknown): value is { [key: string]: Literal } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Unknown);
}
