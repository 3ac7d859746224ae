import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';
import { mapSite, strictSite, type RawSite, type StrictSite } from './strict-truth.js';

/** A ratlas symbol as `ratlas export --format json` prints it (the fields this script reads). */
export interface ExportedSymbol {
  id: string;
  file: string;
  qualname: string;
  name: string;
  kind: string;
  parent: string | null;
  startLine: number;
  endLine: number;
}

/** One call site as the compiler sees it: from the enclosing ratlas symbol to the callee's ratlas symbol. */
export interface TruthEdge {
  from: string;
  to: string;
  line: number;
}

export interface GroundTruth {
  edges: TruthEdge[];
  /** Call sites the checker resolved to a declaration inside the repository that has no ratlas symbol. */
  unmappedTargets: number;
  /** Call sites whose callee the checker resolved outside the repository (libraries, lib.d.ts). */
  externalTargets: number;
  /** Call sites the checker could not resolve (any-typed callee). */
  unresolvedCallSites: number;
  /**
   * `file:line` of call sites the checker could not resolve in files with an import the checker
   * could not resolve either (typically a workspace package whose build output does not exist and
   * whose tsconfig has no source condition): the compiler has no opinion there, so ratlas edges at
   * these sites are left out of precision, and counted.
   */
  unjudged: string[];
  callSites: number;
  programs: number;
  /** The checker's sites for the stricter definition (strict-truth.ts), over every checked file. */
  strictSites: RawSite[];
}

export interface StrictTruth {
  calls: TruthEdge[];
  renders: TruthEdge[];
  callSites: number;
  renderSites: number;
  /** Sites per outcome (calls and renders together). */
  outcomes: Record<StrictSite['outcome'], number>;
  unmappedTargets: number;
  unmappedCallers: number;
  /** `file:line` of sites the checker could not resolve in files with an unresolved import. */
  unjudged: string[];
  /** `file:line` of every JSX site (a ratlas `calls` edge there that is no call is scored as a render). */
  renderLines: string[];
}

/**
 * The strict truth from the checker's sites, mapped to one ratlas build's symbols (strict-truth.ts
 * mapSite). The sites do not depend on ratlas, so another build is scored from the same sites.
 */
export function strictTruth(sites: readonly RawSite[], symbols: readonly ExportedSymbol[]): StrictTruth {
  const byFile = symbolsByFile(symbols);
  const strict: StrictTruth = { calls: [], renders: [], callSites: 0, renderSites: 0, outcomes: { edges: 0, unresolved: 0, external: 0, local: 0 }, unmappedTargets: 0, unmappedCallers: 0, unjudged: [], renderLines: [] };
  const seen = new Set<string>();
  for (const raw of sites) {
    if (raw.kind === 'renders') {
      strict.renderSites++;
      strict.renderLines.push(`${raw.file}:${raw.line}`);
    } else strict.callSites++;
    strict.outcomes[raw.outcome]++;
    if (raw.unjudged) strict.unjudged.push(`${raw.file}:${raw.line}`);
    const found = mapSite(raw, byFile);
    if (found.outcome !== 'edges') continue;
    strict.unmappedTargets += found.unmappedTargets;
    if (found.unmappedCaller) strict.unmappedCallers++;
    for (const edge of found.edges) {
      const key = `${edge.from}\0${edge.to}\0${edge.line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      (raw.kind === 'renders' ? strict.renders : strict.calls).push(edge);
    }
  }
  strict.calls.sort(byKey);
  strict.renders.sort(byKey);
  return strict;
}

function symbolsByFile(symbols: readonly ExportedSymbol[]): Map<string, ExportedSymbol[]> {
  const byFile = new Map<string, ExportedSymbol[]>();
  for (const s of symbols) {
    const list = byFile.get(s.file) ?? [];
    list.push(s);
    byFile.set(s.file, list);
  }
  return byFile;
}

/**
 * Ground truth for call edges from the TypeScript compiler's type checker. For every call, `new`,
 * tagged template and JSX element in `files`, the callee's symbol (aliases followed) gives its
 * declarations; each declaration inside the repository maps to the ratlas symbol declared there.
 *
 * Mapping, the same on both sides (see bench/README.md):
 * - `from` is the innermost enclosing declaration that ratlas has as a symbol; top-level code is `<module>`.
 * - `to` is the symbol declared by the callee's declaration: a function, method, method signature,
 *   function-valued field or variable; `new X()`, `<X />` on a class, and `super()` go to class X.
 * - Each file is checked with the compiler options of its nearest tsconfig.json (extends followed),
 *   the way an editor would, so workspace packages resolve as the repository configures them.
 */
export function groundTruth(root: string, files: readonly string[], symbols: readonly ExportedSymbol[], strictFiles: readonly string[] = files): GroundTruth {
  const legacy = new Set(files);
  const byFile = symbolsByFile(symbols);
  const indexed = new Set(byFile.keys());
  const groups = new Map<string, string[]>();
  for (const file of strictFiles) {
    const config = nearestConfig(root, file) ?? '';
    const list = groups.get(config) ?? [];
    list.push(file);
    groups.set(config, list);
  }

  const cache = new Map<string, ts.SourceFile>();
  const strictSites: RawSite[] = [];
  const result: GroundTruth = { edges: [], unmappedTargets: 0, externalTargets: 0, unresolvedCallSites: 0, unjudged: [], callSites: 0, programs: 0, strictSites };
  const checked = new Set(strictFiles);
  const inRepo = (file: string) => checked.has(file) || file.endsWith('.d.ts');
  const seen = new Set<string>();
  for (const [config, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const options = compilerOptions(config);
    const host = cachingHost(options, cache);
    const program = ts.createProgram({ rootNames: group.map((f) => join(root, f)), options, host });
    process.stderr.write(`checker: ${config ? relative(root, config) : '(no tsconfig)'}: ${group.length} files\n`);
    const checker = program.getTypeChecker();
    result.programs++;
    for (const file of group) {
      const source = program.getSourceFile(join(root, file));
      if (!source) continue;
      const ctx: FileContext = { root, file, source, checker, byFile, indexed, brokenImports: hasUnresolvedImport(source, checker), legacy: legacy.has(file), inRepo, strictSites };
      visit(source, ctx, (edge) => {
        const key = `${edge.from}\0${edge.to}\0${edge.line}`;
        if (!seen.has(key)) {
          seen.add(key);
          result.edges.push(edge);
        }
      }, result);
    }
  }
  result.edges.sort(byKey);
  return result;
}

interface FileContext {
  root: string;
  file: string;
  source: ts.SourceFile;
  checker: ts.TypeChecker;
  byFile: Map<string, ExportedSymbol[]>;
  indexed: Set<string>;
  brokenImports: boolean;
  /** Whether the first definition scores this file (an indexed TypeScript file). */
  legacy: boolean;
  inRepo: (file: string) => boolean;
  strictSites: RawSite[];
}

function byKey(a: TruthEdge, b: TruthEdge): number {
  return cmp(a.from, b.from) || cmp(a.to, b.to) || a.line - b.line;
}

function visitStrict(node: ts.Node, site: CallSite, ctx: FileContext): void {
  const jsx = ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node);
  const found = strictSite(node, jsx ? 'jsx' : site.kind, site.nameNode, ctx);
  if (found.outcome === 'unresolved' && ctx.brokenImports) found.unjudged = true;
  ctx.strictSites.push(found);
}

const CODE_EXTENSION = /\.([cm]?[jt]sx?)$/;

/** Whether a file imports a code module the checker cannot find (non-code assets aside). */
export function hasUnresolvedImport(source: ts.SourceFile, checker: ts.TypeChecker): boolean {
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) && statement.importClause) specifier = statement.moduleSpecifier;
    else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) specifier = statement.moduleReference.expression;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const last = specifier.text.slice(specifier.text.lastIndexOf('/') + 1);
    // `./styles.css`, `../logo.svg`: assets, which the checker is not expected to resolve.
    if (specifier.text.startsWith('.') && last.includes('.') && !CODE_EXTENSION.test(last)) continue;
    if (!checker.getSymbolAtLocation(specifier)) return true;
  }
  return false;
}

function visit(node: ts.Node, ctx: FileContext, emit: (edge: TruthEdge) => void, stats: GroundTruth): void {
  const site = callSite(node);
  if (site) visitStrict(node, site, ctx);
  if (site && ctx.legacy) {
    stats.callSites++;
    const targets = calleeDeclarations(site, ctx);
    if (targets === 'unresolved') {
      stats.unresolvedCallSites++;
      if (ctx.brokenImports) stats.unjudged.push(`${ctx.file}:${lineOf(ctx.source, site.nameNode)}`);
    } else {
      const line = lineOf(ctx.source, site.nameNode);
      const from = enclosingSymbol(node, ctx);
      let inRepo = false;
      let mapped = false;
      let external = false;
      for (const declaration of targets) {
        const file = repoPath(ctx.root, declaration.getSourceFile().fileName);
        if (file === null || !ctx.indexed.has(file)) {
          external = true;
          continue;
        }
        inRepo = true;
        const to = declaredSymbol(declaration, file, ctx, site.kind);
        if (!to) continue;
        mapped = true;
        emit({ from, to, line });
      }
      if (inRepo && !mapped) stats.unmappedTargets++;
      else if (!inRepo && external) stats.externalTargets++;
      else if (!inRepo && !external) stats.unresolvedCallSites++;
    }
  }
  ts.forEachChild(node, (child) => visit(child, ctx, emit, stats));
}

export type SiteKind = 'call' | 'new' | 'super';
export interface CallSite {
  kind: SiteKind;
  /** The node that names the callee (the identifier or property name); its line is the call site's line. */
  nameNode: ts.Node;
}

export function callSite(node: ts.Node): CallSite | null {
  if (ts.isCallExpression(node)) {
    if (node.expression.kind === ts.SyntaxKind.SuperKeyword) return { kind: 'super', nameNode: node.expression };
    if (node.expression.kind === ts.SyntaxKind.ImportKeyword) return null;
    return { kind: 'call', nameNode: calleeName(node.expression) };
  }
  if (ts.isNewExpression(node)) return { kind: 'new', nameNode: calleeName(node.expression) };
  if (ts.isTaggedTemplateExpression(node)) return { kind: 'call', nameNode: calleeName(node.tag) };
  if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
    const tag = node.tagName;
    // Intrinsic elements (<div>) are not calls.
    if (ts.isIdentifier(tag) && /^[a-z]/.test(tag.text)) return null;
    return { kind: 'new', nameNode: calleeName(tag as ts.Expression) };
  }
  return null;
}

export function calleeName(expression: ts.Expression): ts.Node {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
  if (ts.isPropertyAccessExpression(e)) return e.name;
  if (ts.isElementAccessExpression(e)) return e.argumentExpression;
  if (ts.isJsxNamespacedName(e as ts.Node)) return (e as unknown as ts.JsxNamespacedName).name;
  return e;
}

/** The declarations a call site's callee names, or 'unresolved' when the checker has no symbol. */
function calleeDeclarations(site: CallSite, ctx: FileContext): ts.Declaration[] | 'unresolved' {
  const { checker } = ctx;
  if (site.kind === 'super') {
    const owner = findAncestor(site.nameNode, ts.isClassLike);
    const heritage = owner?.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    if (!heritage) return 'unresolved';
    const symbol = resolveAlias(checker, checker.getSymbolAtLocation(heritage.expression));
    return symbol ? (symbol.declarations ?? []).filter(ts.isClassLike) : 'unresolved';
  }
  const symbol = resolveAlias(checker, checker.getSymbolAtLocation(site.nameNode));
  // An import of a module the checker cannot find resolves to its `unknown` symbol: no declarations.
  if (!symbol || !symbol.declarations?.length) return 'unresolved';
  // A named function or class expression (`const f = function f() {}`) is declared by what holds it.
  const declarations = (symbol.declarations ?? []).map(holder);
  const wanted = site.kind === 'new' ? isConstructible : isCallable;
  const kept = declarations.filter(wanted);
  return kept.length > 0 ? kept : [];
}

function holder(d: ts.Declaration): ts.Declaration {
  if ((ts.isFunctionExpression(d) || ts.isClassExpression(d)) && (ts.isVariableDeclaration(d.parent) || ts.isPropertyAssignment(d.parent) || ts.isPropertyDeclaration(d.parent))) {
    return d.parent;
  }
  return d;
}

export function resolveAlias(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
    const aliased = checker.getAliasedSymbol(symbol);
    return aliased.flags & ts.SymbolFlags.Alias ? undefined : aliased;
  }
  return symbol;
}

function isCallable(d: ts.Declaration): boolean {
  return (
    ts.isFunctionDeclaration(d) ||
    ts.isMethodDeclaration(d) ||
    ts.isMethodSignature(d) ||
    ts.isPropertyDeclaration(d) ||
    ts.isPropertySignature(d) ||
    ts.isPropertyAssignment(d) ||
    ts.isShorthandPropertyAssignment(d) ||
    ts.isVariableDeclaration(d) ||
    ts.isGetAccessorDeclaration(d) ||
    ts.isFunctionExpression(d) ||
    ts.isArrowFunction(d) ||
    ts.isBinaryExpression(d) ||
    ts.isPropertyAccessExpression(d) ||
    ts.isExportAssignment(d) ||
    ts.isClassLike(d) // JSX on a class component
  );
}

function isConstructible(d: ts.Declaration): boolean {
  return ts.isClassLike(d) || ts.isVariableDeclaration(d) || ts.isFunctionDeclaration(d) || ts.isPropertyDeclaration(d) || ts.isPropertySignature(d) || ts.isPropertyAssignment(d) || ts.isExportAssignment(d);
}

/** The ratlas symbol a declaration declares: same file, same name, starting within the declaration. */
function declaredSymbol(declaration: ts.Declaration, file: string, ctx: FileContext, kind: SiteKind): string | undefined {
  const name = declarationName(declaration);
  if (name === undefined) return undefined;
  const source = declaration.getSourceFile();
  const nameLine = lineOf(source, ts.getNameOfDeclaration(declaration) ?? declaration);
  const outerStart = lineOf(source, outerNode(declaration));
  const candidates = (ctx.byFile.get(file) ?? []).filter(
    (s) => s.name === name && s.kind !== 'module' && outerStart <= s.startLine && s.startLine <= nameLine && nameLine <= s.endLine,
  );
  if (kind === 'new' || kind === 'super') {
    const classes = candidates.filter((s) => s.kind === 'class');
    if (classes.length > 0) return innermost(classes)?.id;
  }
  return innermost(candidates)?.id;
}

/** The innermost declaration enclosing `node` that ratlas has as a symbol, else the file's `<module>`. */
function enclosingSymbol(node: ts.Node, ctx: FileContext): string {
  const symbols = ctx.byFile.get(ctx.file) ?? [];
  for (let current = node.parent; current && !ts.isSourceFile(current); current = current.parent) {
    const name = declarationName(current as ts.Declaration);
    if (name === undefined) continue;
    const nameLine = lineOf(ctx.source, ts.getNameOfDeclaration(current as ts.Declaration) ?? current);
    const candidates = symbols.filter((s) => s.name === name && s.kind !== 'module' && s.startLine <= nameLine && nameLine <= s.endLine);
    const found = innermost(candidates);
    if (found) return found.id;
  }
  return `${ctx.file}#<module>`;
}

/** The name ratlas gives the symbol a declaration declares, or undefined for nodes that declare none. */
function declarationName(node: ts.Node): string | undefined {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isModuleDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isTypeAliasDeclaration(node)
  ) {
    const name = node.name;
    if (!name) return ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) ? 'default' : undefined;
    return propertyNameText(name);
  }
  if (ts.isVariableDeclaration(node)) return ts.isIdentifier(node.name) ? node.name.text : undefined;
  if (ts.isClassExpression(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
    if (ts.isExportAssignment(node.parent)) return 'default';
    return undefined;
  }
  if (ts.isExportAssignment(node)) return 'default';
  if (ts.isBinaryExpression(node) && ts.isPropertyAccessExpression(node.left)) return node.left.name.text;
  return undefined;
}

export function propertyNameText(name: ts.Node): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  // ratlas names a computed member by its text: `[Symbol.iterator]`.
  if (ts.isComputedPropertyName(name)) return name.getText();
  return undefined;
}

/** The outermost node of a declaration's statement (variable statements, export assignments). */
export function outerNode(declaration: ts.Node): ts.Node {
  if (ts.isVariableDeclaration(declaration) && ts.isVariableDeclarationList(declaration.parent) && ts.isVariableStatement(declaration.parent.parent)) {
    return declaration.parent.parent;
  }
  if ((ts.isFunctionExpression(declaration) || ts.isArrowFunction(declaration) || ts.isClassExpression(declaration)) && ts.isExportAssignment(declaration.parent)) {
    return declaration.parent;
  }
  return declaration;
}

export function innermost(candidates: readonly ExportedSymbol[]): ExportedSymbol | undefined {
  return [...candidates].sort((a, b) => b.startLine - a.startLine || a.endLine - b.endLine || cmp(a.id, b.id))[0];
}

export function findAncestor<T extends ts.Node>(node: ts.Node, test: (n: ts.Node) => n is T): T | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) if (test(current)) return current;
  return undefined;
}

export function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

export function repoPath(root: string, fileName: string): string | null {
  const rel = relative(root, fileName);
  if (rel.startsWith('..') || rel.split(sep).includes('node_modules')) return null;
  return rel.split(sep).join('/');
}

export function nearestConfig(root: string, file: string): string | undefined {
  for (let dir = dirname(join(root, file)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    const js = join(dir, 'jsconfig.json');
    if (existsSync(js)) return js;
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}

const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  jsx: ts.JsxEmit.Preserve,
  esModuleInterop: true,
  skipLibCheck: true,
};

export function compilerOptions(config: string): ts.CompilerOptions {
  if (!config) return DEFAULT_OPTIONS;
  const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  });
  if (!parsed) return DEFAULT_OPTIONS;
  // Checking only: nothing is emitted, and project-build options would demand a full file list.
  const { composite: _c, incremental: _i, tsBuildInfoFile: _t, ...options } = parsed.options;
  // allowJs: the strict definition checks JavaScript files too (they must be part of the program).
  return { ...options, allowJs: true, noEmit: true, skipLibCheck: true };
}

/**
 * A compiler host that shares parsed declaration files (lib, node_modules) between programs.
 * Source files are not shared: a program records per-file facts on them (the JSX runtime import).
 */
export function cachingHost(options: ts.CompilerOptions, cache: Map<string, ts.SourceFile>): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const original = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreate) => {
    if (!fileName.endsWith('.d.ts') || !fileName.includes('/node_modules/')) return original(fileName, languageVersionOrOptions, onError, shouldCreate);
    const key = `${fileName}\0${JSON.stringify(languageVersionOrOptions)}`;
    let file = cache.get(key);
    if (!file) {
      file = original(fileName, languageVersionOrOptions, onError, shouldCreate);
      if (file) cache.set(key, file);
    }
    return file;
  };
  return host;
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}
