import ts from 'typescript';
import { calleeName, findAncestor, innermost, lineOf, outerNode, propertyNameText, repoPath, resolveAlias, type ExportedSymbol, type TruthEdge } from './ground-truth.js';

/**
 * The stricter ground truth (issue 21). Differences from the first definition (ground-truth.ts):
 * - every call site whose callee the checker resolves to a declaration inside the repository is an
 *   edge; a declaration ratlas has no symbol for becomes a synthetic target (`file#?name:line`),
 *   which no ratlas edge can match, so it counts as a miss instead of dropping out;
 * - destructured bindings (`const { open } = useThing()`, `function f({ onClick })`), shorthand
 *   properties and local aliases (`const f = obj.m`, `const g = h.bind(x)`, `{ save: saveImpl }`)
 *   are followed to what they hold, as the checker types them;
 * - the caller is the checker's innermost enclosing *named* declaration (below), mapped to the
 *   ratlas symbol declared there, else a synthetic caller: a coarser ratlas caller is a miss;
 * - JSX elements are `renders` edges, counted apart from calls;
 * - JavaScript files and files ratlas did not index are checked too (run.ts passes every tracked
 *   source file).
 *
 * Named declarations: functions, methods and accessors (of classes and of object literals),
 * constructors, classes; a function or class expression held by a variable, a property (`{ save:
 * () => … }`, a class field) or an assignment (`inst.a.b = (x) => …`, `exports.f = …`), or with a
 * name of its own (`function walk() {}` as an argument); a top-level variable for code inside a
 * function in its initializer (`const Check = make('x', (inst) => { … })`: the callback's calls
 * belong to Check). Code that runs when the module loads (`const x = compute()`) is `<module>`;
 * code in an anonymous callback belongs to the declaration around it.
 */
export interface StrictSite {
  kind: 'call' | 'renders';
  /** Edges, or why there is none: the checker has no symbol, the callee is outside the repository, or a local value (a parameter, a non-alias local). */
  outcome: 'edges' | 'unresolved' | 'external' | 'local';
  edges: TruthEdge[];
  /** Targets without a ratlas symbol, callers without one. */
  unmappedTargets: number;
  unmappedCaller: boolean;
}

/**
 * What the checker says about one site, before it is mapped to ratlas symbols: plain JSON, so a
 * run can keep it (`strict-raw.json`) and score another ratlas build without the checker.
 */
export interface RawSite {
  kind: 'call' | 'renders';
  /** `new`, `super` and JSX prefer a class of the name where a class and another declaration share it. */
  prefersClass: boolean;
  outcome: StrictSite['outcome'];
  file: string;
  line: number;
  /** The innermost enclosing named declaration (its name and the line of its name), null for top-level code. */
  caller: { name: string; nameLine: number } | null;
  targets: RawTarget[];
  /** An unresolved site in a file with an import the checker could not resolve: no opinion there. */
  unjudged?: true;
}

/** A callee's declaration: its file, name (none: anonymous) and lines (each overload's start and name line). */
export interface RawTarget {
  file: string;
  name?: string;
  nameLine: number;
  spans: { start: number; name: number }[];
}

export interface StrictContext {
  root: string;
  file: string;
  source: ts.SourceFile;
  checker: ts.TypeChecker;
  /** Files inside the repository whose declarations count (all checked files plus repository .d.ts). */
  inRepo: (file: string) => boolean;
}

export function strictSite(node: ts.Node, siteKind: 'call' | 'new' | 'super' | 'jsx', nameNode: ts.Node, ctx: StrictContext): RawSite {
  const kind = siteKind === 'jsx' ? 'renders' : 'call';
  const line = lineOf(ctx.source, nameNode);
  const site: RawSite = { kind, prefersClass: siteKind !== 'call', outcome: 'edges', file: ctx.file, line, caller: null, targets: [] };
  const declarations = siteKind === 'super' ? superDeclarations(nameNode, ctx.checker) : followSymbol(resolveAlias(ctx.checker, ctx.checker.getSymbolAtLocation(nameNode)), ctx.checker, 0);
  if (declarations === 'unresolved' || declarations === 'local') {
    site.outcome = declarations;
    return site;
  }
  const wanted = siteKind === 'new' || siteKind === 'super' ? constructible : siteKind === 'jsx' ? renderable : callable;
  const kept = declarations.filter(wanted);
  const inside = kept.filter((d) => {
    const file = repoPath(ctx.root, d.getSourceFile().fileName);
    return file !== null && ctx.inRepo(file);
  });
  if (inside.length === 0) {
    site.outcome = kept.length > 0 || declarations.length > 0 ? 'external' : 'unresolved';
    return site;
  }
  site.caller = strictCaller(node, ctx);
  site.targets = inside.map((d) => rawTarget(d, repoPath(ctx.root, d.getSourceFile().fileName)!));
  return site;
}

/** Maps a checker site to ratlas symbols: edges from the caller's symbol to each target's. */
export function mapSite(raw: RawSite, byFile: ReadonlyMap<string, readonly ExportedSymbol[]>): StrictSite {
  const site: StrictSite = { kind: raw.kind, outcome: raw.outcome, edges: [], unmappedTargets: 0, unmappedCaller: false };
  if (raw.outcome !== 'edges') return site;
  const caller = raw.caller === null ? `${raw.file}#<module>` : callerSymbol(raw.file, raw.caller, byFile);
  site.unmappedCaller = caller.startsWith('?');
  const from = site.unmappedCaller ? `${raw.file}#${caller}` : caller;
  const seen = new Set<string>();
  for (const target of raw.targets) {
    const to = declaredAt(target, byFile, raw.prefersClass);
    if (to.startsWith(`${target.file}#?`)) site.unmappedTargets++;
    if (seen.has(to)) continue;
    seen.add(to);
    site.edges.push({ from, to, line: raw.line });
  }
  return site;
}

function superDeclarations(nameNode: ts.Node, checker: ts.TypeChecker): ts.Declaration[] | 'unresolved' {
  const owner = findAncestor(nameNode, ts.isClassLike);
  const heritage = owner?.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
  if (!heritage) return 'unresolved';
  const symbol = resolveAlias(checker, checker.getSymbolAtLocation(heritage.expression));
  return symbol ? (symbol.declarations ?? []).filter(ts.isClassLike) : 'unresolved';
}

/**
 * The declarations a callee's symbol stands for, following what the checker follows: a
 * destructured binding to the property of the destructured type, a shorthand property to its
 * value, a local alias or `.bind` to its initializer's symbol, `{ key: value }` to the value.
 */
function followSymbol(symbol: ts.Symbol | undefined, checker: ts.TypeChecker, depth: number): ts.Declaration[] | 'unresolved' | 'local' {
  if (!symbol || !symbol.declarations?.length) return 'unresolved';
  if (depth > 6) return 'unresolved';
  const out: ts.Declaration[] = [];
  let local = false;
  for (const d of symbol.declarations) {
    const next = followDeclaration(d, checker);
    if (next === 'self') out.push(holder(d));
    else if (next === 'local') local = true;
    else {
      const followed = followSymbol(resolveAlias(checker, next), checker, depth + 1);
      if (followed === 'local') local = true;
      else if (followed !== 'unresolved') out.push(...followed);
    }
  }
  if (out.length > 0) return out;
  return local ? 'local' : 'unresolved';
}

function followDeclaration(d: ts.Declaration, checker: ts.TypeChecker): ts.Symbol | undefined | 'self' | 'local' {
  if (ts.isBindingElement(d)) {
    const pattern = d.parent;
    if (!ts.isObjectBindingPattern(pattern) || d.dotDotDotToken) return 'local';
    const key = d.propertyName ? propertyNameText(d.propertyName) : ts.isIdentifier(d.name) ? d.name.text : undefined;
    if (key === undefined) return 'local';
    const type = checker.getTypeAtLocation(pattern);
    // Destructuring an `any` (a package the checker cannot find): no opinion, not a local value.
    if (type.flags & ts.TypeFlags.Any) return undefined;
    return checker.getPropertyOfType(checker.getNonNullableType(type), key) ?? 'local';
  }
  if (ts.isShorthandPropertyAssignment(d)) return checker.getShorthandAssignmentValueSymbol(d) ?? 'local';
  if (ts.isPropertyAssignment(d)) {
    const target = aliasTarget(d.initializer);
    return target ? checker.getSymbolAtLocation(target) : 'self';
  }
  if (ts.isParameter(d)) return 'local';
  if (ts.isVariableDeclaration(d)) {
    if (!ts.isIdentifier(d.name)) return 'local';
    if (isTopLevel(d)) return 'self';
    const init = d.initializer;
    if (!init) return 'local';
    if (isFunctionLike(unwrap(init))) return 'self';
    const target = aliasTarget(init);
    if (target) return checker.getSymbolAtLocation(target);
    return 'local';
  }
  return 'self';
}

/** `x`, `a.b.c`, `a.b.bind(…)`: the name node an alias initializer refers to. */
function aliasTarget(expression: ts.Expression): ts.Node | undefined {
  const e = unwrap(expression);
  if (ts.isIdentifier(e)) return e;
  if (ts.isPropertyAccessExpression(e)) return e.name;
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.name.text === 'bind') return aliasTarget(e.expression.expression);
  return undefined;
}

function unwrap(e: ts.Expression): ts.Expression {
  let x = e;
  while (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isNonNullExpression(x) || ts.isSatisfiesExpression(x) || ts.isTypeAssertionExpression(x)) x = x.expression;
  return x;
}

function isFunctionLike(e: ts.Node): boolean {
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e) || ts.isClassExpression(e);
}

/** A variable declared at the top of a module or namespace (not inside a function or block). */
function isTopLevel(d: ts.VariableDeclaration): boolean {
  const statement = d.parent?.parent;
  if (!statement || !ts.isVariableStatement(statement)) return false;
  return ts.isSourceFile(statement.parent) || ts.isModuleBlock(statement.parent);
}

function holder(d: ts.Declaration): ts.Declaration {
  if ((ts.isFunctionExpression(d) || ts.isClassExpression(d)) && (ts.isVariableDeclaration(d.parent) || ts.isPropertyAssignment(d.parent) || ts.isPropertyDeclaration(d.parent))) {
    return d.parent;
  }
  return d;
}

function callable(d: ts.Declaration): boolean {
  return !(ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isModuleDeclaration(d) || ts.isEnumDeclaration(d) || ts.isTypeParameterDeclaration(d) || ts.isSourceFile(d));
}

function constructible(d: ts.Declaration): boolean {
  return callable(d) && !ts.isMethodDeclaration(d) && !ts.isGetAccessorDeclaration(d);
}

function renderable(d: ts.Declaration): boolean {
  return callable(d);
}

/** A declaration as the mapping reads it: overloads are one ratlas symbol spanning the signatures and the implementation. */
function rawTarget(declaration: ts.Declaration, file: string): RawTarget {
  const source = declaration.getSourceFile();
  const name = targetName(declaration);
  const nameLine = lineOf(source, ts.getNameOfDeclaration(declaration) ?? declaration);
  const siblings = ((declaration as { symbol?: ts.Symbol }).symbol?.declarations ?? [declaration]).filter((d) => d.getSourceFile() === source && d.kind === declaration.kind);
  const spans = (siblings.length > 0 ? siblings : [declaration]).map((d) => ({ start: lineOf(source, outerNode(d)), name: lineOf(source, ts.getNameOfDeclaration(d) ?? d) }));
  return { file, ...(name === undefined ? {} : { name }), nameLine, spans };
}

/** The ratlas symbol declared at a declaration (same file, same name, spanning its name line), else a synthetic id. */
function declaredAt(target: RawTarget, byFile: ReadonlyMap<string, readonly ExportedSymbol[]>, prefersClass: boolean): string {
  const { file, name, nameLine, spans } = target;
  if (name === undefined) return `${file}#?<anonymous>:${nameLine}`;
  // Any of the symbol's declarations in this file may be the one the symbol's range starts at.
  const candidates = (byFile.get(file) ?? []).filter(
    (s) => s.name === name && s.kind !== 'module' && spans.some((d) => d.start <= s.startLine && s.startLine <= d.name && d.name <= s.endLine),
  );
  if (prefersClass) {
    const classes = candidates.filter((s) => s.kind === 'class');
    if (classes.length > 0) return innermost(classes)!.id;
  }
  const found = innermost(candidates);
  return found ? found.id : `${file}#?${name}:${nameLine}`;
}

function targetName(node: ts.Node): string | undefined {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isExportAssignment(node)) return 'default';
  if (ts.isBinaryExpression(node)) {
    const left = node.left;
    if (ts.isPropertyAccessExpression(left)) return left.name.text === 'exports' && ts.isIdentifier(left.expression) && left.expression.text === 'module' ? 'default' : left.name.text;
    if (ts.isIdentifier(left)) return left.text;
    return undefined;
  }
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && !node.name) return 'default';
  const name = ts.getNameOfDeclaration(node as ts.Declaration);
  if (!name) return undefined;
  return propertyNameText(name);
}

/** The checker's innermost enclosing named declaration (see the header), or null for top-level code. */
function strictCaller(node: ts.Node, ctx: StrictContext): RawSite['caller'] {
  let passedFunction = false;
  for (let current = node.parent; current && !ts.isSourceFile(current); current = current.parent) {
    const named = namedDeclaration(current, passedFunction);
    if (ts.isFunctionLike(current) || ts.isClassLike(current)) passedFunction = true;
    if (named) return { name: named.name, nameLine: lineOf(ctx.source, named.nameNode) };
  }
  return null;
}

/** The caller as a ratlas symbol id, or `?name:line` when ratlas has no symbol there. */
function callerSymbol(file: string, caller: NonNullable<RawSite['caller']>, byFile: ReadonlyMap<string, readonly ExportedSymbol[]>): string {
  const candidates = (byFile.get(file) ?? []).filter((s) => s.name === caller.name && s.kind !== 'module' && s.startLine <= caller.nameLine && caller.nameLine <= s.endLine);
  const found = innermost(candidates);
  return found ? found.id : `?${caller.name}:${caller.nameLine}`;
}

function namedDeclaration(node: ts.Node, passedFunction: boolean): { name: string; nameNode: ts.Node } | undefined {
  const of = (name: string | undefined, nameNode: ts.Node | undefined) => (name === undefined || !nameNode ? undefined : { name, nameNode });
  if (ts.isConstructorDeclaration(node)) return of('constructor', node.getFirstToken() ?? node);
  if (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) return node.name ? of(node.name.text, node.name) : of('default', node);
  if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) return of(propertyNameText(node.name), node.name);
  if (ts.isModuleDeclaration(node) && ts.isIdentifier(node.name)) return of(node.name.text, node.name);
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) {
    const parent = node.parent;
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return of(parent.name.text, parent.name);
    if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node) return of(propertyNameText(parent.name), parent.name);
    if (ts.isBinaryExpression(parent) && parent.right === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const name = targetName(parent);
      if (name !== undefined) return of(name, ts.isPropertyAccessExpression(parent.left) ? parent.left.name : parent.left);
    }
    if (ts.isExportAssignment(parent)) return of('default', parent);
    if (!ts.isArrowFunction(node) && node.name) return of(node.name.text, node.name);
    return undefined;
  }
  if (passedFunction && ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isTopLevel(node)) return of(node.name.text, node.name);
  return undefined;
}

export { calleeName };
