import type { Language, Query } from 'web-tree-sitter';

/**
 * What a language adapter declares. Everything a language knows lives in its folder under src/lang:
 * this definition (data plus optional hooks) and tree-sitter query files. The extraction engine
 * (src/lang/extract.ts) is generic and reads only what is declared here.
 */
export interface LanguageDefinition {
  /** Stable id stored in the index (`typescript`, `tsx`, `javascript`). */
  id: string;
  /** File extensions with the dot, lowercase. */
  extensions: readonly string[];
  /** File name of the grammar in tree-sitter-wasms' `out/` folder. */
  grammar: string;
  /** Query files, relative to the adapter folder, concatenated in order into one query. */
  queries: readonly string[];
  /** The adapter folder name under src/lang (where the query files live). */
  folder: string;
  syntax: SyntaxTraits;
  resolution: ResolutionTraits;
}

/** Where a module specifier leads, as the language's module system sees it. */
export type ModuleTarget = { kind: 'file'; path: string } | { kind: 'external'; name: string } | { kind: 'unresolved' };

/**
 * What the resolver needs to know about a language's names and modules. Pure: existence checks go
 * through `exists`, which the resolver tracks so that adding or removing a file re-resolves exactly
 * the imports it could change.
 */
export interface ResolutionTraits {
  /** Names the runtime provides (`console`, `Promise`): uses of them are external, never repo symbols. */
  globals: ReadonlySet<string>;
  /** Resolves a module specifier written in `fromPath` to a repo file, a package, or nothing. */
  resolveModule(specifier: string, fromPath: string, exists: (path: string) => boolean): ModuleTarget;
}

/**
 * Token rules the generic engine needs, as data. What is a comment, a string or a decorator is told
 * by query captures (see src/lang/README.md); these rules only say how plain code splits into tokens
 * and which tokens are formatting.
 */
export interface SyntaxTraits {
  /** Operators and punctuation longer than one character, matched longest first (`=>`, `===`). */
  punctuators: readonly string[];
  /** Tokens that never change meaning when added or removed (`;` under ASI). */
  ignoredTokens: readonly string[];
  /** Separators dropped when they directly precede a closer (trailing commas). */
  trailingSeparators: readonly string[];
  closers: readonly string[];
  /** Quote characters hashed as another (`'` as `"`), so quote style is formatting. */
  equivalentTokens: Readonly<Record<string, string>>;
  /** Comments addressed to tools (`// eslint-disable-next-line`): never a declaration's doc. */
  directiveComment?: RegExp;
  /** Openers of comments that document what follows even after code on their line (`/**`). */
  docMarkers?: readonly string[];
}

/** A definition with its grammar and compiled query, ready to parse. Not serializable. */
export interface LoadedLanguage {
  definition: LanguageDefinition;
  language: Language;
  query: Query;
  /** Version of the grammar package, recorded in artifact manifests. */
  grammarVersion: string;
}

/** Identity function that fixes the type of an adapter definition. */
export function defineLanguage(definition: LanguageDefinition): LanguageDefinition {
  return definition;
}
