/**
 * The values a configuration read statically holds (read-config-literal.ts): JSON-like data, with
 * what the reading could not know marked as such.
 */

/**
 * A value the static reading could not know (computed, imported, a function's result). `handed`:
 * for a call it could not follow (a plugin's factory), the argument values it read, so a reader
 * can still see what the call was given (`helperModule: resolve('./src/index.ts')`). `choices`:
 * for a choice it could not decide (`cond ? 'a' : 'b'`), every value it may take, as read.
 */
export class Unknown {
  constructor(
    readonly why: string,
    readonly handed: readonly Literal[] = [],
    readonly choices: readonly Literal[] = [],
  ) {}
}

export type Literal = string | number | boolean | null | Unknown | Literal[] | { [key: string]: Literal };

export function isObject(value: unknown): value is { [key: string]: Literal } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Unknown);
}

/** The values a choice may take, when every one of them is known through and through; else null. */
export function knownChoices(value: Literal | undefined): readonly Literal[] | null {
  return value instanceof Unknown && value.choices.length > 0 && !value.choices.some(holdsUnknown) ? value.choices : null;
}

/** Whether anything in a value read is unknown: itself, an item, a key's value, or a spread or computed key. */
export function holdsUnknown(value: Literal | undefined): boolean {
  if (value instanceof Unknown) return true;
  if (Array.isArray(value)) return value.some(holdsUnknown);
  return isObject(value) && Object.values(value).some(holdsUnknown);
}
