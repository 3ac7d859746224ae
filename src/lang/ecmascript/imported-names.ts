import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules);

/** `import … from 'spec'` (type-only imports aside) and `const … = require('spec')` / `await import('spec')`: the bound clause and the specifier. */
const IMPORT_CLAUSE = /\bimport\s+(?!type\s)([^;'"]*?)\s+from\s+(['"])([^'"\n]+)\2/g;
const REQUIRE_BINDING = /\b(?:const|let|var)\s+(\{[^}]*\}|[A-Za-z_$][\w$]*)\s*=\s*(?:require|await\s+import)\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g;

/**
 * Pure: whether `name` is bound by an import of a module that is not one of Node's built-ins
 * (`import { SRC } from './paths'`, `import * as paths from '../paths'`, `const { SRC } =
 * require('./paths')`): a value whose text is in another file, which a reader of this one cannot
 * see. `code` is the file's text without comments.
 */
export function importedFromModule(code: string, name: string): boolean {
  for (const re of [IMPORT_CLAUSE, REQUIRE_BINDING]) {
    for (const m of code.matchAll(re)) {
      const specifier = m[3]!;
      if (specifier.startsWith('node:') || BUILTINS.has(specifier)) continue;
      if (boundNames(m[1]!).includes(name)) return true;
    }
  }
  return false;
}

/** The local names an import clause or a destructuring binds: `a`, `{ b, c as d }`, `* as e`, `{ f: g }`. */
function boundNames(clause: string): string[] {
  return clause
    .split(/[{},]/)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => /(?:\bas|:)\s*([A-Za-z_$][\w$]*)$/.exec(part)?.[1] ?? part);
}
