import { defineLanguage, type SyntaxTraits } from '../types.js';
import { ecmascriptResolution } from './resolution.js';

/**
 * TypeScript, TSX and JavaScript share one family of grammars (tree-sitter-javascript and
 * tree-sitter-typescript, which extends it), so they share one adapter folder: common query files
 * plus a few per grammar, because a query naming a node type the grammar lacks does not compile.
 */
const syntax: SyntaxTraits = {
  commentTypes: ['comment', 'html_comment'],
  decoratorTypes: ['decorator'],
  // Automatic semicolon insertion makes `;` formatting; trailing commas are formatting too.
  ignoredTokens: [';'],
  trailingSeparators: [','],
  closers: [')', ']', '}', '>'],
  equivalentTokens: { "'": '"' },
  stringTypes: ['string', 'template_string'],
  stringContentTypes: ['string_fragment', 'escape_sequence'],
  memberAccessTypes: ['member_expression'],
  memberObjectField: 'object',
  memberPropertyField: 'property',
  receiverAtomTypes: ['identifier', 'this', 'super', 'property_identifier'],
  callTypes: ['call_expression'],
  callFunctionField: 'function',
  awaitTypes: ['await_expression'],
  transparentTypes: ['non_null_expression', 'parenthesized_expression'],
};

const common = ['definitions.scm', 'references.scm', 'bindings.scm', 'hashing.scm'];
const typescriptOnly = ['definitions-typescript.scm', 'references-typescript.scm', 'bindings-typescript.scm'];
const javascriptOnly = ['definitions-javascript.scm', 'references-javascript.scm', 'bindings-javascript.scm'];

export const typescript = defineLanguage({
  id: 'typescript',
  extensions: ['.ts', '.mts', '.cts'],
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
  grammar: 'tree-sitter-javascript.wasm',
  folder: 'ecmascript',
  queries: [...common, ...javascriptOnly, 'jsx.scm'],
  syntax,
  resolution: ecmascriptResolution,
});
