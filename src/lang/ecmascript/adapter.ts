import { defineLanguage, type SyntaxTraits } from '../types.js';
import { ecmascriptResolution, javascriptResolution } from './resolution.js';
import { ecmascriptSpelling } from './spell-path.js';

/**
 * TypeScript, TSX and JavaScript share one family of grammars (tree-sitter-javascript and
 * tree-sitter-typescript, which extends it), so they share one adapter folder: common query files
 * plus a few per grammar, because a query naming a node type the grammar lacks does not compile.
 */
const syntax: SyntaxTraits = {
  // The language's multi-character tokens (the lexer matches longest first). None starts with `>`:
  // `Map<K, V>= x` and `Map<K, V> = x` must lex alike, and `>>` closes two type argument lists as
  // often as it shifts; one `>` at a time is never ambiguous.
  punctuators: [
    '...', '===', '!==', '**=', '<<=', '&&=', '||=', '??=',
    '=>', '==', '!=', '<=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=',
    '&=', '|=', '^=', '**', '<<', '</', '/>',
  ],
  // Automatic semicolon insertion makes `;` formatting; trailing commas are formatting too.
  ignoredTokens: [';'],
  trailingSeparators: [','],
  closers: [')', ']', '}', '>'],
  equivalentTokens: { "'": '"' },
  // JSDoc documents what follows wherever it stands; a trailing `//` belongs to the code before it.
  docMarkers: ['/**'],
  // Linters, compilers, coverage tools, bundlers and formatters read these; people read the doc above.
  directiveComment:
    /^\/[/*]\*?\s*(?:[#@]__[A-Z_]+__|eslint\b|@ts-|prettier-ignore|istanbul\s|c8\s|v8\s|biome-ignore|tslint:|jshint\s|globals?\s|#(?:end)?region|webpack[A-Z]|@vite-ignore|[#@]\s*sourceMappingURL|@jsx)/,
  // A JSX pragma picks the factory every element of the file compiles to; `@flow` decides whether
  // a Babel preset strips the file's types.
  compilingComments: { pattern: /@(?:jsx(?:Frag|ImportSource|Runtime)?|flow|noflow)\b/ },
  // Error calls no method of a subclass by name; a framework base (Component, HTMLElement, a stream) may.
  inertBases: /^(?:Object|Error|[A-Z]\w*Error)$/,
  // A property read is a reference only where it is passed, assigned onto something or spread
  // (references.scm): `const t = cart.total`, `cart.total + 1`, `if (cart.total)`, `return
  // cart.total` and `const { total } = cart` are not, so a getter or setter may run by no edge.
  attributeReadsRecorded: false,
  // Methods the runtime calls without the code naming them: coercions (`${x}`, `x + 1`),
  // JSON.stringify, `await x` (a thenable), the iterator protocol (for-of, spread, `yield*`), an
  // EventListener object, and every computed name (`[Symbol.iterator]`, `[Symbol.asyncIterator]`,
  // `[Symbol.toPrimitive]`, `[Symbol.dispose]`, `[util.inspect.custom]`): whatever uses an instance
  // may run them.
  implicitMembers: /^(?:toString|toLocaleString|valueOf|toJSON|then|next|return|throw|handleEvent|\[.*\])$/,
  // The language defines no decorator: every one is library or framework code, which may hand the
  // method to a registry that calls it by no name (`@Get()`, `@HostListener('click')`,
  // `@BeforeInsert()`, `@action`). None is transparent.
  transparentDecorators: /(?!)/,
  spelling: ecmascriptSpelling,
};

const common = ['definitions.scm', 'references.scm', 'bindings.scm', 'hashing.scm'];
const typescriptOnly = ['definitions-typescript.scm', 'references-typescript.scm', 'bindings-typescript.scm', 'hashing-typescript.scm'];
const javascriptOnly = ['definitions-javascript.scm', 'references-javascript.scm', 'bindings-javascript.scm', 'hashing-javascript.scm'];

export const typescript = defineLanguage({
  id: 'typescript',
  extensions: ['.ts', '.mts', '.cts'],
  // Runners of TypeScript source; deno and bun run either, and this grammar reads plain JavaScript too.
  interpreters: /^(?:tsx|ts-node|ts-node-esm|deno|bun)$/,
  grammar: 'tree-sitter-typescript.wasm',
  folder: 'ecmascript',
  queries: [...common, ...typescriptOnly],
  syntax,
  resolution: ecmascriptResolution,
});

export const tsx = defineLanguage({
  id: 'tsx',
  extensions: ['.tsx'],
  grammar: 'tree-sitter-tsx.wasm',
  folder: 'ecmascript',
  queries: [...common, ...typescriptOnly, 'jsx.scm'],
  syntax,
  resolution: ecmascriptResolution,
});

export const javascript = defineLanguage({
  id: 'javascript',
  extensions: ['.js', '.jsx', '.mjs', '.cjs'],
  // node reads a file without an extension as CommonJS or, under "type": "module", as ESM; this
  // grammar and its queries read `require` and `import` alike, so the two need no telling apart.
  interpreters: /^(?:node|nodejs)$/,
  grammar: 'tree-sitter-javascript.wasm',
  folder: 'ecmascript',
  queries: [...common, ...javascriptOnly, 'jsx.scm'],
  syntax,
  resolution: javascriptResolution,
});
