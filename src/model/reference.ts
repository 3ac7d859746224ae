/**
 * Raw references: facts about names a file uses, before any resolution. Edges are a pure function of
 * (references x symbols x project config); see src/graph/resolve.
 *
 * - call:        `name(...)` or `receiver.name(...)`
 * - new:         `new name(...)` or `new receiver.name(...)`
 * - jsx:         `<name />` or `<receiver.name />`
 * - import:      `import {name as alias} from module`; name 'default' / '*' (namespace) / '' (side effect)
 * - require:     `const alias = require(module)` (name '*'), `const {name: alias} = require(module)`, bare (name '')
 * - dynamic-import: `import(module)`; module null when the specifier is not a literal
 * - reexport:    `export {name as alias} from module`, `export * from module` (name '*', alias '*'),
 *                `export * as alias from module` (name '*')
 * - export:      local export list: `export {name as alias}`, `export default name`, `module.exports = {alias: name}`
 * - extends / implements: class or interface heritage
 * - type:        a type name used in an annotation
 * - value:       an identifier used as a value (callback argument, object-map entry, assignment, return)
 * - fixture:     a value a test runner injects by name: a test's or a fixture's parameter (pytest), or a
 *                name listed for it (`usefixtures("db")`); resolved where the runner looks it up
 */
export const REF_KINDS = [
  'call',
  'new',
  'jsx',
  'import',
  'require',
  'dynamic-import',
  'reexport',
  'export',
  'extends',
  'implements',
  'type',
  'value',
  'fixture',
] as const;
export type RefKind = (typeof REF_KINDS)[number];

export interface RefFact {
  kind: RefKind;
  /** The referenced name (callee, imported or exported local name), '' for a side-effect import. */
  name: string;
  /** Qualname of the innermost enclosing symbol (`<module>` at top level). */
  scope: string;
  /** 1-based line and 0-based column of the name. */
  line: number;
  col: number;
  /**
   * Member-access path before `name` when it is a chain of identifiers (`this`, `this.store`, `ns`),
   * possibly calling on the way (`this.query()`, `repo.find().items`: `()` marks a call, arguments
   * dropped, but for a first argument that is a bare name where the adapter spells it for a call
   * that forwards it, `partial(@Signer)`: ResolutionTraits.forwardingCalls); `?` when the receiver
   * is some other expression; absent for a bare name. `this` and
   * `super` are the model's words for the receiving object and its bases: each language adapter
   * spells its own into them (Python's `self` and `cls` as `this`, `super()` as `super`).
   */
  receiver?: string;
  /** Module specifier for import / require / dynamic-import / reexport; null when not a literal. */
  module?: string | null;
  /** Local name bound by an import or require; exported name for export and reexport. */
  alias?: string;
  /**
   * An import or re-export of types only (`import type { A } from './a'`): compilers erase it, so
   * it loads nothing at run time, though a type checker reads the module (EcosystemAdapter runners
   * that strip types without checking them never load it).
   */
  typeOnly?: true;
}
