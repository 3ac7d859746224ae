import { PARAMETER_ROOT } from '../../model/binding.js';
import type { StoredBinding } from '../../model/stored.js';
import { MODULE_QUALNAME } from '../../model/symbol.js';
import { fixtureRule } from './rules/fixture-rule.js';
import type { ResolveContext } from './context.js';
import { exportedName, moduleLevelName, outsidePath, resolveLink, type ImportTarget } from './exports.js';
import type { DeclaredReturn, OverloadSignature } from '../../lang/types.js';
import { basesOf, findMember, resolveTypePath, type TypeTarget } from './members.js';
import { callsHandBack, parseReceiver, type PathSegment } from './receiver-path.js';
import { CLASS_KINDS, valueSymbols, type FileInterface, type ResolverSymbol } from './resolution-data.js';

/**
 * What a path evaluates to while its type is followed: instances (or the static side) of
 * classes and interfaces, functions not yet called, a namespace, something outside the
 * repository, one of several such (what overloads with different returns give, when the call
 * does not select one), or unknown (null).
 */
type Value = Single | { kind: 'union'; options: Single[] } | null;

type Single =
  | { kind: 'types'; symbols: ResolverSymbol[] }
  | { kind: 'array'; of: Value }
  | { kind: 'functions'; symbols: ResolverSymbol[] }
  | { kind: 'namespace'; file: FileInterface }
  | { kind: 'external' }
  /** An instance of a runtime container (ResolutionTraits.containers): its methods are external, what they give back unknown. */
  | { kind: 'container' }
  /** A callable made by a forwarding call (`partial(Signer)`: ResolutionTraits.forwardingCalls): calling it gives `gives`; its members are unknown. */
  | { kind: 'callable'; gives: Value };

/** How a path calls a function: the call's arity and type arguments, when the adapter spelled them. */
type CallSite = Pick<PathSegment, 'arity' | 'typeArguments'>;

/** How far initializers are followed (`const a = b; const b = c.d()`): deeper chains are unknown. */
const MAX_DEPTH = 6;
const MAX_SEGMENTS = 8;

/** Where a path is written: a file and the scope in it. Another file's locals are not visible. */
interface Place {
  file: FileInterface;
  scope: string;
  line?: number;
}

/**
 * The type of a receiver path (`this.repo.find().items`, `store`, `createStore().cache`) at a point
 * of this file: each step through a field's declared type or initializer, a getter's or method's
 * declared return type (`this` returns the receiver's own type), a variable's declaration,
 * `new X()` or initializer. Right or absent: a step that is not certain (two different types, a
 * type alias, a union, a generic parameter) makes the whole path unknown.
 */
export function typeOfReceiver(ctx: ResolveContext, receiver: string, scope: string, line: number): TypeTarget {
  const segments = parseReceiver(receiver);
  if (!segments || segments.length > MAX_SEGMENTS) return null;
  const value = evaluate(ctx, { file: ctx.own, scope, line }, segments, 0, false);
  return value?.kind === 'union' ? null : asType(value);
}

/**
 * As typeOfReceiver, but a receiver that is one of several types (a call of overloads whose
 * returns differ, the call selecting none of them) gives each of them: a member binds only when
 * all of them have it. Null when any of them is unknown.
 */
export function typesOfReceiver(ctx: ResolveContext, receiver: string, scope: string, line: number): TypeTarget[] | null {
  const segments = parseReceiver(receiver);
  if (!segments || segments.length > MAX_SEGMENTS) return null;
  const value = evaluate(ctx, { file: ctx.own, scope, line }, segments, 0, false);
  if (value?.kind !== 'union') return value === null ? null : [asType(value)];
  const options = value.options.map(asType);
  return options.some((o) => o === null) ? null : options;
}

function asType(value: Single | null): TypeTarget {
  if (value === null) return null;
  // A method called on an array is Array's.
  if (value.kind === 'external' || value.kind === 'array' || value.kind === 'container') return { kind: 'external' };
  return value.kind === 'types' ? { kind: 'types', symbols: value.symbols } : null;
}

function evaluate(ctx: ResolveContext, place: Place, segments: readonly PathSegment[], depth: number, awaited: boolean): Value {
  if (depth > MAX_DEPTH) return null;
  const [first, ...rest] = segments;
  if (!first) return null;
  let value = root(ctx, place, first.name, depth);
  // What some outside functions hand back may be a repository value (ResolutionTraits.handBack:
  // `import_module("pkg.mod")`): unknown.
  const { handBack, forwardingCalls } = ctx.traitsFor(place.file.language);
  const outside = value?.kind === 'external' && (handBack || forwardingCalls) ? outsideName(ctx, place, first.name) : null;
  if (outside !== null && handBack && callsHandBack(handBack, outside, segments)) return null;
  // A call of an outside function that forwards its first argument (`functools.partial(@Signer)`):
  // what it makes of the argument; unknown where the argument is not spelled (`partial(make_app)`
  // may make a repository value too). Undefined for any other call.
  const forwarded = (at: number): Value | undefined => {
    const segment = segments[at]!;
    if (outside === null || !forwardingCalls?.has([outside, ...segments.slice(1, at + 1).map((s) => s.name)].join('.'))) return undefined;
    return segment.forwards === undefined ? null : forwardedValue(root(ctx, place, segment.forwards, depth));
  };
  if (first.call) value = forwarded(0) ?? call(ctx, value, awaited && rest.length === 0, first);
  if (first.construct) value = constructed(value);
  if (first.elements) value = elementsOf(value);
  for (let i = 0; i < rest.length; i++) {
    const segment = rest[i]!;
    const last = i === rest.length - 1;
    value = segment.call ? (forwarded(i + 1) ?? callMember(ctx, value, segment.name, awaited && last, segment)) : member(ctx, value, segment.name, depth);
    if (segment.construct) value = constructed(value);
    if (segment.elements) value = elementsOf(value);
    if (value === null || value.kind === 'external') return value;
  }
  return value;
}

/**
 * What a forwarding call (`partial(f, ...)`) makes of its argument: for functions, functions doing
 * the same when called; for classes, a callable constructing them; anything else, unknown.
 */
function forwardedValue(argument: Value): Value {
  if (argument?.kind === 'functions') return argument;
  const instances = constructed(argument);
  return instances?.kind === 'types' ? { kind: 'callable', gives: instances } : null;
}

/**
 * What `new` makes of a value: an instance of the classes it names; of a runtime or package class
 * (`new Intl.DateTimeFormat()`), something outside the repository. A function called with `new`
 * or an interface: unknown.
 */
function constructed(value: Value): Value {
  if (value?.kind === 'union') return unionOf(value.options.map(constructed));
  if (value === null || value.kind === 'external') return value;
  if (value.kind !== 'types') return null;
  const classes = value.symbols.filter((s) => s.kind === 'class');
  return classes.length > 0 && classes.length === value.symbols.length ? { kind: 'types', symbols: classes } : null;
}

/** What iterating a value gives: an array's elements; unknown for anything else (a Map, a Set). */
function elementsOf(value: Value): Value {
  if (value?.kind === 'union') return unionOf(value.options.map(elementsOf));
  return value?.kind === 'array' ? value.of : null;
}

/** The dotted outside name an import binds to the first name of a path (`importlib.import_module`), or a builtin's. */
function outsideName(ctx: ResolveContext, place: Place, name: string): string | null {
  if (place.file !== ctx.own) return null;
  const hit = ctx.lexical(name, place.scope, place.line);
  if (hit === null) return ctx.traits.globals.has(name) ? name : null;
  return hit.kind === 'import' ? outsidePath(hit.link) : null;
}

/** The first name of a path, looked up where it is written. */
function root(ctx: ResolveContext, place: Place, name: string, depth: number): Value {
  if (name === 'this' || name === 'super') {
    const owner = enclosingClass(place.file, place.scope);
    if (!owner) return null;
    if (name === 'this') return { kind: 'types', symbols: [owner] };
    const bases = basesOf(ctx, owner);
    if (bases.bases.length > 0) return { kind: 'types', symbols: bases.bases };
    return bases.external ? { kind: 'external' } : null;
  }
  if (place.file !== ctx.own) {
    const hit = moduleLevelName(ctx, place.file, name);
    if (hit === null) return ctx.traitsFor(place.file.language).globals.has(name) ? { kind: 'external' } : null;
    return fromImport(ctx, hit, depth);
  }
  const hit = ctx.lexical(name, place.scope, place.line);
  if (hit === null) return ctx.traits.globals.has(name) ? { kind: 'external' } : null;
  if (hit.kind === 'symbol') return fromSymbols(ctx, hit.symbols, depth);
  if (hit.kind === 'import') return fromImport(ctx, resolveLink(ctx, hit.link, ctx.own), depth);
  return localValue(ctx, hit.binding, depth);
}

function enclosingClass(file: FileInterface, scope: string): ResolverSymbol | undefined {
  for (let current = file.byQualname.get(scope); current; current = current.parent ? file.byQualname.get(current.parent) : undefined) {
    if (CLASS_KINDS.has(current.kind)) return current;
  }
  return undefined;
}

function fromSymbols(ctx: ResolveContext, declared: readonly ResolverSymbol[], depth: number): Value {
  const symbols = valueSymbols(declared);
  const classes = symbols.filter((s) => CLASS_KINDS.has(s.kind));
  if (classes.length > 0) return { kind: 'types', symbols: classes };
  const functions = symbols.filter((s) => s.kind === 'function' || s.kind === 'method');
  if (functions.length > 0) return { kind: 'functions', symbols: functions };
  // A top-level variable (issue 21: a symbol, so that calling it has a target): what it holds.
  const variables = symbols.filter((s) => s.kind === 'variable');
  return variables.length > 0 ? agreed(variables, (v) => variableValue(ctx, v, depth)) : null;
}

function variableValue(ctx: ResolveContext, variable: ResolverSymbol, depth: number): Value {
  const file = ctx.file(variable.file);
  return file ? moduleVariable(ctx, file, variable.name, depth) : null;
}

function fromImport(ctx: ResolveContext, target: ImportTarget, depth: number): Value {
  switch (target.kind) {
    case 'symbols':
      return fromSymbols(ctx, target.symbols, depth);
    case 'namespace':
      // Read only through exportedName, like the target's (see exports.ts namespaceOf).
      return { kind: 'namespace', file: target.file };
    case 'value':
      return moduleVariable(ctx, target.file, target.name, depth);
    case 'external':
      return { kind: 'external' };
    case 'unresolved':
      return null;
  }
}

/**
 * A parameter's or variable's type: declared; else constructed (`new X()`) or initialized from a
 * path, when the local is never assigned anything else; else, for a parameter of a function only
 * this file calls, what every call passes.
 */
function localValue(ctx: ResolveContext, binding: StoredBinding, depth: number): Value {
  if (binding.type !== undefined) return declaredValue(ctx, ctx.own, binding.type, binding.scope);
  if (binding.newOf === undefined && binding.init === undefined && binding.kind !== 'param') return null;
  if (ctx.assignmentsWithin(binding.name, binding.scope).length > 0) return null;
  if (binding.newOf === undefined && binding.init === undefined) {
    // A test's parameter holds what its fixture returns (pytest calls the fixture and passes that).
    const fixture = binding.kind === 'param' ? ctx.fixtureOf(binding) : undefined;
    if (fixture) {
      const found = fixtureRule.apply(fixture, ctx);
      // A generator fixture (`-> Iterator[App]`, spelled as elements) passes what it yields; a
      // declared type the index cannot follow leaves the value unknown, not external.
      const value = found?.outcome === 'resolved' && found.targets.length > 0 ? returnOf(ctx, found.targets, [], false) : null;
      const passed = value?.kind === 'array' ? value.of : value;
      return passed?.kind === 'external' ? null : passed;
    }
    return passedValue(ctx, binding, depth);
  }
  if (binding.newOf !== undefined) return constructedValue(ctx, ctx.own, binding.newOf, binding.scope);
  return initializerValue(ctx, { file: ctx.own, scope: binding.scope, line: binding.line }, binding.init!, depth);
}

/** What `new X()` (or a literal of type X) makes: an instance of X; of a runtime container, a container. */
function constructedValue(ctx: ResolveContext, file: FileInterface, newOf: string, scope: string): Value {
  const made = typeValue(resolveTypePath(ctx, file, newOf, scope));
  return made?.kind === 'external' && ctx.traitsFor(file.language).containers?.has(newOf) ? { kind: 'container' } : made;
}

/** Parameters whose callers are being followed: a recursive call (`walk(node.parent)`) passes an unknown. */
const passing: StoredBinding[] = [];

/**
 * An untyped parameter of a function that only this file calls (ResolveContext.callsOf): the one
 * type every call passes at its position, each argument read where the call is. A call passing
 * nothing there, or something not followed, a spread, a recursive call, or no call at all: unknown.
 */
function passedValue(ctx: ResolveContext, param: StoredBinding, depth: number): Value {
  if (param.position === undefined || depth >= MAX_DEPTH || passing.includes(param)) return null;
  const fn = ctx.own.byQualname.get(param.scope);
  const calls = fn ? ctx.callsOf(fn) : undefined;
  if (!calls || calls.length === 0) return null;
  passing.push(param);
  try {
    // Calls sharing a line pool their arguments: each must pass one at the position.
    return agreed(calls, ({ calls: count, args }) => {
      const passed = args.filter((a) => a.position === param.position);
      if (passed.length !== count || args.some((a) => a.position === undefined)) return null;
      return agreed(passed, (arg) => {
        if (arg.newOf !== undefined) return constructed(typeValue(resolveTypePath(ctx, ctx.own, arg.newOf, arg.scope)));
        if (arg.init === undefined) return null;
        return initializerValue(ctx, { file: ctx.own, scope: arg.scope, line: arg.line }, arg.init, depth);
      });
    });
  } finally {
    passing.pop();
  }
}

function initializerValue(ctx: ResolveContext, place: Place, init: string, depth: number): Value {
  const awaited = init.startsWith('await ');
  const segments = parseReceiver(awaited ? init.slice('await '.length) : init);
  if (!segments || segments.length > MAX_SEGMENTS) return null;
  // Awaiting a value that is no call (`await this.ready`) gives what the promise holds: unknown.
  if (awaited && !segments[segments.length - 1]!.call) return null;
  return evaluate(ctx, place, segments, depth + 1, awaited);
}

/** A top-level variable of a file: its declared type, `new X()`, or initializer there. */
function moduleVariable(ctx: ResolveContext, file: FileInterface, name: string, depth: number): Value {
  if (file === ctx.own) {
    const binding = ctx.bindingIn(name, MODULE_QUALNAME);
    return binding ? localValue(ctx, binding, depth) : null;
  }
  const bindings = file.members.filter((m) => m.kind === 'variable' && m.scope === MODULE_QUALNAME && m.name === name);
  return bindings.length === 1 ? bindingValue(ctx, file, bindings[0]!, depth) : null;
}

/** A binding of another file (a top-level variable, a field): declared type, `new X()`, or initializer. */
function bindingValue(ctx: ResolveContext, file: FileInterface, binding: StoredBinding, depth: number): Value {
  if (binding.type !== undefined) return declaredValue(ctx, file, binding.type, binding.scope);
  if (binding.newOf !== undefined) return typeValue(resolveTypePath(ctx, file, binding.newOf, binding.scope));
  if (binding.init === undefined || depth >= MAX_DEPTH) return null;
  return initializerValue(ctx, { file, scope: binding.scope }, binding.init, depth);
}

/** A declared type written in `file`: a named type, or an array of one (`Item[]`). */
function declaredValue(ctx: ResolveContext, file: FileInterface, type: string, scope: string): Value {
  if (type.endsWith('[]')) return { kind: 'array', of: typeValue(resolveTypePath(ctx, file, type.slice(0, -2), scope)) };
  return typeValue(resolveTypePath(ctx, file, type, scope));
}

function typeValue(target: TypeTarget): Value {
  if (target === null) return null;
  return target.kind === 'external' ? { kind: 'external' } : { kind: 'types', symbols: target.symbols };
}

/** `value.name` without a call: a field's type, a getter's return type, a namespace's export. */
function member(ctx: ResolveContext, value: Value, name: string, depth: number): Value {
  if (value?.kind === 'union') return unionOf(value.options.map((option) => member(ctx, option, name, depth)));
  if (value === null || value.kind === 'external') return value;
  // `items.length`: the only property of an array read as a path.
  if (value.kind === 'array') return { kind: 'external' };
  if (value.kind === 'namespace') return fromImport(ctx, exportedName(ctx, value.file, name, new Set()), MAX_DEPTH);
  if (value.kind === 'functions' || value.kind === 'container' || value.kind === 'callable') return null;
  const field = fieldValue(ctx, value.symbols, name, depth);
  if (field !== undefined) return field;
  const lookup = findMember(ctx, value.symbols, name);
  const getters = lookup.members.filter((m) => m.kind === 'getter');
  if (getters.length > 0 && getters.length === lookup.members.filter((m) => m.kind !== 'setter').length) return returnOf(ctx, getters, value.symbols, false);
  // A nested class or namespace member reached through a class (`Outer.Inner`) is a value too.
  const nested = lookup.members.filter((m) => CLASS_KINDS.has(m.kind));
  if (nested.length > 0) return { kind: 'types', symbols: nested };
  return lookup.members.length === 0 && lookup.external ? { kind: 'external' } : null;
}

/**
 * A field of `types` (or of their bases): undefined when no class declares a field of that name;
 * else its declared type, else the one class every `new`/initializer gives it, else null.
 */
function fieldValue(ctx: ResolveContext, types: readonly ResolverSymbol[], name: string, depth: number): Value | undefined {
  const declared = fieldBindings(ctx, types, name);
  if (!declared) return undefined;
  const { file, bindings } = declared;
  const typed = bindings.find((b) => b.type !== undefined);
  if (typed) return bindingValue(ctx, file, typed, depth);
  return agreed(bindings, (binding) => (binding.newOf !== undefined || binding.init !== undefined ? bindingValue(ctx, file, binding, depth + 1) : null));
}

/** The one value every item gives (items are valued in order, stopping at the first unknown); else unknown. */
function agreed<T>(items: readonly T[], valueOf: (item: T) => Value): Value {
  let result: Value = null;
  let key: string | null = null;
  for (const item of items) {
    const value = valueOf(item);
    if (value === null) return null;
    const valueKey = keyOf(value);
    if (key !== null && key !== valueKey) return null;
    key = valueKey;
    result = value;
  }
  return result;
}

/** The field bindings of the nearest class (breadth-first over bases) declaring `name` as a field. */
function fieldBindings(ctx: ResolveContext, types: readonly ResolverSymbol[], name: string): { file: FileInterface; bindings: StoredBinding[] } | undefined {
  const seen = new Set<number>();
  let level = types.filter((t) => !seen.has(t.id) && seen.add(t.id));
  for (let round = 0; level.length > 0 && round < MAX_DEPTH * 2; round++) {
    for (const type of level) {
      const file = ctx.file(type.file);
      if (!file) continue;
      const bindings = file.members.filter((m) => m.name === name && (m.kind === 'field' || m.kind === 'param-property') && enclosingClass(file, m.scope)?.id === type.id);
      if (bindings.length > 0) return { file, bindings };
      if ((file.children.get(type.qualname) ?? []).some((s) => s.name === name)) return undefined;
    }
    const next: ResolverSymbol[] = [];
    for (const type of level) for (const base of basesOf(ctx, type).bases) if (!seen.has(base.id) && seen.add(base.id)) next.push(base);
    level = next;
  }
  return undefined;
}

/** `value.name()`: the declared return type of the method (`this`: the receiver's own type). */
function callMember(ctx: ResolveContext, value: Value, name: string, awaited: boolean, site: CallSite): Value {
  if (value?.kind === 'union') return unionOf(value.options.map((option) => callMember(ctx, option, name, awaited, site)));
  if (value === null || value.kind === 'external') return value;
  if (value.kind === 'array') return arrayMethodResult(value, name);
  if (value.kind === 'functions' || value.kind === 'container' || value.kind === 'callable') return null;
  if (value.kind === 'namespace') return call(ctx, fromImport(ctx, exportedName(ctx, value.file, name, new Set()), MAX_DEPTH), awaited, site);
  const lookup = findMember(ctx, value.symbols, name);
  // A field holding a function (`lookup.field`): its declared type says nothing about what calling it returns.
  if (lookup.members.length === 0) return lookup.external && !lookup.field ? { kind: 'external' } : null;
  return returnOf(ctx, lookup.members, value.symbols, awaited, site);
}

/** Array methods that give one element, and those that give an array of the same elements. */
const ELEMENT_METHODS = new Set(['find', 'findLast', 'pop', 'shift', 'at']);
const SAME_ARRAY_METHODS = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed', 'toSpliced', 'splice', 'fill', 'copyWithin']);

function arrayMethodResult(array: { kind: 'array'; of: Value }, name: string): Value {
  if (ELEMENT_METHODS.has(name)) return array.of;
  if (SAME_ARRAY_METHODS.has(name)) return array;
  // `map`, `flatMap`: an array of something; anything else (`join`, `includes`) a runtime value.
  return name === 'map' || name === 'flatMap' ? { kind: 'array', of: null } : { kind: 'external' };
}

/** Calling functions: their declared return type. */
function call(ctx: ResolveContext, value: Value, awaited: boolean, site: CallSite): Value {
  if (value?.kind === 'union') return unionOf(value.options.map((option) => call(ctx, option, awaited, site)));
  if (value === null || value.kind === 'external') return value;
  if (value.kind === 'callable') return awaited ? null : value.gives;
  if (value.kind !== 'functions') return null;
  return returnOf(ctx, value.symbols, [], awaited, site);
}

/**
 * The one return type all `callees` declare (or, declaring none, return), resolved where each is
 * declared; null when they disagree. Of overloads, those the call site selects (overloadReturn).
 */
function returnOf(ctx: ResolveContext, callees: readonly ResolverSymbol[], receiver: readonly ResolverSymbol[], awaited: boolean, site: CallSite = {}): Value {
  let result: Value = null;
  let key: string | null = null;
  for (const callee of callees) {
    const declared = callee.returns;
    let value: Value;
    if (declared === undefined) value = inferredReturn(ctx, callee, receiver, awaited);
    else if (declared.overloads) value = overloadReturn(ctx, callee, declared.overloads, receiver, awaited, site);
    else value = declaredReturn(ctx, callee, declared, receiver, awaited);
    if (value === null) return null;
    const valueKey = keyOf(value);
    if (key !== null && key !== valueKey) return null;
    key = valueKey;
    result = value;
  }
  return result;
}

/** A declared return type, resolved where the callee is declared (`this`: the receiver's type). */
function declaredReturn(ctx: ResolveContext, callee: ResolverSymbol, declared: DeclaredReturn, receiver: readonly ResolverSymbol[], awaited: boolean): Value {
  const name = awaited ? declared.awaited : declared.type;
  if (name === undefined || name === '') return null;
  if (name === 'this') return receiver.length > 0 ? { kind: 'types', symbols: [...receiver] } : null;
  const file = ctx.file(callee.file);
  return file ? declaredValue(ctx, file, name, callee.qualname) : null;
}

/**
 * What a call of overloads returns, as TypeScript chooses (the first overload that accepts the
 * arguments): of the overloads the call's arity fits (with type arguments written, those with type
 * parameters), leaving out one whose parameter list repeats an earlier one's (that one accepts
 * whatever it would); the one left, else all of them (a union: a member binds only where every
 * one has it). Any of them unknown makes the call unknown.
 */
function overloadReturn(
  ctx: ResolveContext,
  callee: ResolverSymbol,
  overloads: readonly OverloadSignature[],
  receiver: readonly ResolverSymbol[],
  awaited: boolean,
  site: CallSite,
): Value {
  const { arity, typeArguments } = site;
  const fitting = overloads.filter((o) => (!typeArguments || o.generic) && (arity === undefined || (o.min <= arity && (o.max === null || arity <= o.max))));
  const selected = typeArguments ? fitting : fitting.filter((o, i) => o.params === undefined || !fitting.slice(0, i).some((earlier) => earlier.params === o.params));
  if (selected.length === 0) return null;
  return unionOf(selected.map((o) => declaredReturn(ctx, callee, o, receiver, awaited)));
}

/**
 * One of `values`: the value itself when they agree; null when any is unknown, or when some are
 * outside the repository and others not (nothing is known to hold for all of them).
 */
function unionOf(values: readonly Value[]): Value {
  const options = new Map<string, Single>();
  for (const value of values) {
    if (value === null) return null;
    for (const option of value.kind === 'union' ? value.options : [value]) options.set(keyOf(option), option);
  }
  const distinct = [...options.values()];
  if (distinct.length === 1) return distinct[0]!;
  if (distinct.length === 0 || distinct.some((o) => o.kind === 'external')) return null;
  return { kind: 'union', options: distinct };
}

/** Kinds whose return statements are theirs (a function-valued field's arrow function included). */
const INFERRED_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'getter', 'field']);

/** Functions whose returns are being followed, outermost first: a cycle (`a` returns `b()`, `b` returns `a()`) is unknown. */
const following: number[] = [];
const inferredCache = new WeakMap<ResolveContext, Map<string, Value>>();

/**
 * The return type of a function that declares none: the one type all its return statements agree
 * on (`return new X()`, `return X.create()`, `return helper()` of a function whose own type is
 * known, `return this`: the receiver's type), each read where it is written. A return whose value is
 * not followed, two returns of different types, a cycle or a function without returns: unknown.
 */
function inferredReturn(ctx: ResolveContext, callee: ResolverSymbol, receiver: readonly ResolverSymbol[], awaited: boolean): Value {
  if (!INFERRED_KINDS.has(callee.kind) || following.includes(callee.id) || following.length >= MAX_DEPTH) return null;
  const file = ctx.file(callee.file);
  const returns = file ? ctx.returnsOf(file, callee.qualname) : [];
  if (!file || returns.length === 0) return null;
  // One answer per (function, receiver) for the outermost question; inner ones depend on what is being followed.
  const memoKey = following.length === 0 ? `${callee.id}:${receiver.map((r) => r.id).join(',')}:${awaited}` : undefined;
  let memo = inferredCache.get(ctx);
  if (memoKey !== undefined && memo?.has(memoKey)) return memo.get(memoKey)!;
  following.push(callee.id);
  let result: Value = null;
  try {
    result = agreeingReturn(ctx, file, callee, returns, receiver, awaited);
  } finally {
    following.pop();
  }
  if (memoKey !== undefined) {
    if (!memo) inferredCache.set(ctx, (memo = new Map()));
    memo.set(memoKey, result);
  }
  return result;
}

function agreeingReturn(ctx: ResolveContext, file: FileInterface, callee: ResolverSymbol, returns: readonly StoredBinding[], receiver: readonly ResolverSymbol[], awaited: boolean): Value {
  return agreed(returns, (statement) => {
    if (statement.type !== undefined) return declaredValue(ctx, file, statement.type, callee.qualname);
    if (statement.newOf !== undefined) return constructedValue(ctx, file, statement.newOf, callee.qualname);
    if (statement.init === 'this' && receiver.length > 0) return { kind: 'types', symbols: [...receiver] };
    if (statement.init === undefined) return null;
    // A return starting at a parameter: followed in the function's own file only, where the parameter is seen.
    const fromParameter = statement.init.startsWith(PARAMETER_ROOT);
    if (fromParameter && file !== ctx.own) return null;
    const init = fromParameter ? statement.init.slice(PARAMETER_ROOT.length) : statement.init;
    const place: Place = { file, scope: callee.qualname, line: statement.line };
    const awaitedInit = init.startsWith('await ');
    const segments = parseReceiver(awaitedInit ? init.slice('await '.length) : init);
    // `return await load()` gives what the promise holds; awaiting anything else is unknown.
    if (!segments || segments.length > MAX_SEGMENTS || (awaitedInit && !segments[segments.length - 1]!.call)) return null;
    return evaluate(ctx, place, segments, following.length, awaited || awaitedInit);
  });
}

/** Equal keys for values that denote the same type. */
function keyOf(value: Value): string {
  if (value === null) return 'null';
  if (value.kind === 'union') return value.options.map(keyOf).sort().join('|');
  if (value.kind === 'types') return value.symbols.map((s) => s.id).sort().join(',');
  if (value.kind === 'array') return `${keyOf(value.of)}[]`;
  if (value.kind === 'callable') return `${keyOf(value.gives)}()`;
  return value.kind;
}
