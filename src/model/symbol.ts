/** Kinds of symbol any language adapter may emit. Tables keyed by kind use `satisfies Record<SymbolKind, …>`. */
export const SYMBOL_KINDS = [
  'module',
  'namespace',
  'class',
  'interface',
  'type',
  'enum',
  'function',
  'method',
  'constructor',
  'getter',
  'setter',
  'field',
  /** A top-level variable that may hold a function (`export const run = runner.run`, `const make = factory()`). */
  'variable',
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** The qualname of the synthetic symbol that stands for a file's top-level statements. */
export const MODULE_QUALNAME = '<module>';

/** A declaration found in one file, as the adapter extracted it. Plain data, JSON-serializable. */
export interface SymbolFact {
  /** Dotted path of enclosing named declarations, unique within the file (`Store.save`, `outer.inner`). */
  qualname: string;
  name: string;
  kind: SymbolKind;
  /** Qualname of the enclosing symbol; null only for the `<module>` symbol itself. */
  parent: string | null;
  /** Declaration without its body, decorators and modifiers included, whitespace collapsed. */
  signature: string;
  /** First line of the doc comment, or null. */
  doc: string | null;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  exported: boolean;
  /** Hash of the signature's leaf tokens (comments and whitespace dropped). */
  sigHash: string;
  /** Hash of the body's leaf tokens, nested symbols excluded (they have their own). */
  bodyHash: string;
  /** Hash of the doc comment text (normalized), '' when there is none. */
  docHash: string;
}
