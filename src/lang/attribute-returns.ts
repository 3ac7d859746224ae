import { PARAMETER_ROOT, type BindingFact } from '../model/binding.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import type { PlacedDefinition } from './qualnames.js';
import type { Span } from './source-text.js';

/** How many locals are followed from one return (`const a = new X(); const b = a; return b`). */
const MAX_REWRITES = 4;

const ROOT = /^(await )?([A-Za-z_$][\w$]*)(.*)$/;

/**
 * Settles the `return` bindings of a file (the others pass through untouched). A return whose
 * innermost function is not its scope symbol's own (a callback inside a method, top-level code) is
 * dropped: it returns from the callback. A return of a local of its function is rewritten into what
 * initializes that local, so that other files, which see a file's returns but none of its locals,
 * read the same type the file itself would; a local that cannot be rewritten (reassigned, declared
 * twice, destructured, an untyped parameter) leaves the return without a value: unknown.
 *
 * A return holding other returns of its function (`return ok ? a : b`, whose branches are captured
 * as returns) is made of them, and dropped.
 *
 * `spans` are where each binding's construct is in the source; `functions` the function nodes sorted by start.
 */
export function attributeReturns(bindings: readonly BindingFact[], spans: readonly Span[], functions: readonly Span[], placed: readonly PlacedDefinition[]): BindingFact[] {
  const byQualname = new Map(placed.map((p) => [p.qualname, p]));
  const parentsOf = new Map<string, Set<string>>();
  for (const p of placed) parentsOf.set(p.raw.name, (parentsOf.get(p.raw.name) ?? new Set()).add(p.parent));
  const byScope = new Map<string, BindingFact[]>();
  for (const binding of bindings) {
    // An argument is named after the function it is passed to: no local of that name.
    if (binding.kind === 'return' || binding.kind === 'argument') continue;
    const list = byScope.get(binding.scope) ?? [];
    list.push(binding);
    byScope.set(binding.scope, list);
  }
  const returns = bindings.flatMap((binding, i) => (binding.kind === 'return' ? [{ i, span: spans[i]!, fn: innermost(functions, spans[i]!.start) }] : []));
  returns.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const containers = new Set<number>();
  for (let r = 0; r < returns.length; r++) {
    const outer = returns[r]!;
    for (let n = r + 1; n < returns.length && returns[n]!.span.start < outer.span.end; n++) {
      if (returns[n]!.fn === outer.fn) containers.add(outer.i);
    }
  }
  const fnOf = new Map(returns.map((r) => [r.i, r.fn]));
  const out: BindingFact[] = [];
  bindings.forEach((binding, i) => {
    if (binding.kind !== 'return') {
      out.push(binding);
      return;
    }
    if (containers.has(i)) return;
    const own = byQualname.get(binding.scope)?.raw.bodyStart;
    const fn = fnOf.get(i);
    // The function around the return must hold the symbol's body, not sit inside it.
    if (own === undefined || own === null || !fn || fn.start > own) return;
    out.push(...rewriteLocal(binding, { byScope, byQualname, parentsOf }, MAX_REWRITES));
  });
  return out;
}

/** The innermost span holding `offset`: among spans sorted by start, the last one that started and has not ended. */
function innermost(spans: readonly Span[], offset: number): Span | undefined {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) if (spans[i]!.end > offset) return spans[i];
  return undefined;
}

interface FileScopes {
  byScope: ReadonlyMap<string, BindingFact[]>;
  byQualname: ReadonlyMap<string, PlacedDefinition>;
  /** Each symbol name's parent scopes. */
  parentsOf: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * A return as what it can be rewritten into: one binding, or one per value a reassigned local
 * holds (`let dtf = cache.get(key); if (!dtf) dtf = new Intl.DateTimeFormat(); return dtf` returns
 * `cache.get()` or `new Intl.DateTimeFormat`): each is a return of the function, and the resolver
 * takes the type they all agree on. `rounds` bounds how many locals are followed.
 */
function rewriteLocal(binding: BindingFact, scopes: FileScopes, rounds: number): BindingFact[] {
  const unknown: BindingFact = { kind: 'return', name: binding.name, scope: binding.scope, line: binding.line };
  if (binding.init === undefined) return [binding];
  const match = ROOT.exec(binding.init);
  if (!match) return [unknown];
  const [, awaited, root, rest] = match as unknown as [string, string | undefined, string, string];
  if (root === 'this' || root === 'super') return [binding];
  // A forwarded argument (`partial(@cls)`) names a local other files cannot see: left unspelled.
  const forwards = /\(@([A-Za-z_$][\w$]*)\)/.exec(binding.init);
  const isLocal = (name: string) => (scopes.byScope.get(binding.scope) ?? []).some((b) => b.name === name && b.kind !== 'field') || declaredInside(name, binding.scope, scopes);
  if (forwards && isLocal(forwards[1]!)) return rewriteLocal({ ...binding, init: binding.init.replace(forwards[0], '()') }, scopes, rounds);
  const local = (scopes.byScope.get(binding.scope) ?? []).filter((b) => b.name === root && b.kind !== 'field');
  if (local.length === 0) {
    // A name of an enclosing function is a local nobody else can see either; a top-level one is fine.
    return [declaredInside(root, binding.scope, scopes) ? unknown : binding];
  }
  if (rounds === 0) return [unknown];
  const declarations = local.filter((b) => b.kind !== 'assign');
  if (declarations.length !== 1) return [unknown];
  const declared = declarations[0]!;
  if (declared.kind !== 'variable' && declared.kind !== 'param' && declared.kind !== 'param-property') return [unknown];
  // A declared type holds whatever is assigned later.
  if (declared.type !== undefined) return awaited || rest !== '' ? [unknown] : [{ ...unknown, type: declared.type }];
  // An untyped parameter holds what callers pass (a pytest fixture's parameter: what that fixture
  // returns): only the function's own file can tell, so the return keeps its value marked as
  // starting at a parameter (PARAMETER_ROOT), which other files read as unknown.
  if (declared.kind === 'param') return [{ ...unknown, init: `${PARAMETER_ROOT}${binding.init}` }];
  if (declared.kind !== 'variable') return [unknown];
  const values = [declared, ...local.filter((b) => b.kind === 'assign')];
  const out: BindingFact[] = [];
  for (const value of values) {
    // `await x` and `x.y` of a local are spelled from its value only when that stays one path.
    if (value.newOf !== undefined) {
      if (awaited || rest !== '') return [unknown];
      out.push({ ...unknown, newOf: value.newOf });
      continue;
    }
    if (value.init === undefined) return [unknown];
    if (awaited || (rest !== '' && (value.init.startsWith('await ') || value.init.endsWith('[]')))) return [unknown];
    const rewritten = rewriteLocal({ ...unknown, init: `${value.init}${rest}` }, scopes, rounds - 1);
    if (rewritten.some((r) => r.init === undefined && r.newOf === undefined && r.type === undefined)) return [unknown];
    for (const r of rewritten) if (!out.some((o) => o.init === r.init && o.newOf === r.newOf && o.type === r.type)) out.push(r);
  }
  return out;
}

/** Whether `name` is declared in `scope` or an enclosing function (a local, a nested function), not at the top level. */
function declaredInside(name: string, scope: string, scopes: FileScopes): boolean {
  const parents = scopes.parentsOf.get(name);
  for (let current: string | undefined = scope; current !== undefined && current !== MODULE_QUALNAME; current = scopes.byQualname.get(current)?.parent) {
    if (parents?.has(current)) return true;
    if (current !== scope && (scopes.byScope.get(current) ?? []).some((b) => b.name === name && b.kind !== 'field')) return true;
  }
  return false;
}
