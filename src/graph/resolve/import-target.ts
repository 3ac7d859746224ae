import type { FileInterface, ResolverSymbol } from './resolution-data.js';

/**
 * Where an imported name leads:
 * - `symbols`: declarations (a class, a function...);
 * - `namespace`: a whole module (`import * as ns`, `const lib = require(...)`);
 * - `value`: a top-level name of `file` that is no symbol (a variable), under its local name there;
 * - `external`: a package outside the repository; `unresolved`: nothing the index knows.
 */
export type ImportTarget =
  | { kind: 'symbols'; symbols: ResolverSymbol[] }
  /** `file` is read only through exportedName, which records what it looks up (see namespaceOf). */
  | { kind: 'namespace'; file: FileInterface; module: ResolverSymbol }
  | { kind: 'value'; file: FileInterface; module: ResolverSymbol; name: string }
  | { kind: 'external'; name: string }
  | { kind: 'unresolved' };
