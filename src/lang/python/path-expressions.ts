import { anywhereScope, type PathScope, prefixScope } from '../../model/path-scope.js';
import { joinPath, parentDir } from '../../util/posix-path.js';

/**
 * Pure readers of Python source text for paths built statically (`os.path.join(os.path.dirname(
 * __file__), '..', 'x')`, `Path(__file__).parent / 'x'`): what load-dirs.ts and handed-paths.ts
 * read from a file's text without parsing it again.
 */

export interface PathValue {
  /** Repo-relative; '' is the repository root. */
  path: string;
  /** `__file__` itself, not a folder. */
  file: boolean;
  /**
   * A folder built from a value imported from another module (`from paths import PKG`): which
   * one, this file does not say (`path` is then ''). Only when evaluate() is given `imported`.
   */
  unknown?: true;
  /**
   * A path joined, after `path`, from a piece the text does not give (`settings.MIGRATIONS`, a value
   * read from a config file), then these static segments (`''`: none): any folders below `path`
   * that end in them. Only when evaluate() is given `open`.
   */
  below?: string;
}

/** What evaluate() may take for a value it does not see: a name imported from another module (`imported`), a piece of a joined path (`open`). */
export interface Unseen {
  imported?: (name: string) => boolean;
  open?: boolean;
}

/** A path expression's value, or null when it is not built from static pieces. */
export function evaluate(expr: string, path: string, fileDir: string, text: string, depth = 0, unseen: Unseen = {}): PathValue | null {
  if (depth > 8) return null;
  const e = unwrap(expr);
  // A value built on an unknown folder is one too.
  const again = (x: string) => evaluate(x, path, fileDir, text, depth + 1, unseen);
  const join = (base: PathValue, pieces: readonly string[]) => joined(base, pieces, text, unseen.open === true);
  const literal = stringLiteral(e);
  if (literal !== null) return literal.startsWith('/') ? null : folder(joinPath('', literal));
  // A path spelled as a string from pieces (`f"{HERE}/plugins/*.py"`, `HERE + "/jobs"`).
  const spelled = stringPath(e);
  if (spelled !== null) {
    const base = spelled.base === null ? folder('') : again(spelled.base);
    return base === null || base.unknown ? base : join(base, spelled.pieces);
  }
  if (e === '__file__') return { path, file: true };
  if (/^(?:(?:pathlib\.)?Path\.cwd\(\)|os\.getcwd\(\))$/.test(e)) return { path: '', file: false };
  const call = /^(os\.path\.(?:dirname|join|abspath|realpath|normpath)|(?:pathlib\.)?Path|str|os\.fspath)\s*\(/.exec(e);
  if (call && closes(e, call[0].length)) {
    const args = argumentsAt(e, call[0].length);
    if (args === null || args.length === 0) return null;
    const base = again(args[0]!);
    if (base === null || base.unknown) return base;
    if (call[1] === 'os.path.dirname') return parent(base);
    // `Path(ROOT, name, "versions")` joins as `os.path.join` does.
    if (args.length === 1 && call[1] !== 'os.path.join') return base;
    if (call[1] !== 'os.path.join' && !call[1]!.endsWith('Path')) return null;
    return join(base, args.slice(1));
  }
  // Attribute and operator forms, read from the right: `X.parent`, `X.parents[n]`, `X.resolve()`, `X / 'lit'`.
  const division = splitLast(e, '/');
  if (division !== null) {
    const base = again(division[0]);
    return base === null || base.unknown ? base : join(base, [division[1]]);
  }
  // `X.joinpath('a', 'b')`.
  const joinpath = /^(.*)\.joinpath\s*\(/s.exec(e);
  if (joinpath && closes(e, joinpath[0].length)) {
    const base = again(joinpath[1]!);
    const pieces = argumentsAt(e, joinpath[0].length);
    if (base?.unknown) return base;
    return base === null || pieces === null ? null : join(base, pieces);
  }
  // `X.with_name('y')`: `y` beside `X`.
  const sibling = /^(.*)\.with_name\s*\(/s.exec(e);
  if (sibling && closes(e, sibling[0].length)) {
    const base = again(sibling[1]!);
    const name = argumentsAt(e, sibling[0].length);
    if (base?.unknown) return base;
    const up = base === null ? null : parent(base);
    return up === null || name?.length !== 1 ? null : join(up, name);
  }
  const attr = /^(.*)\.(parent|resolve\(\)|absolute\(\)|parents\[(\d+)\])$/s.exec(e);
  if (attr) {
    let base = again(attr[1]!);
    if (attr[2] === 'resolve()' || attr[2] === 'absolute()' || base === null || base.unknown) return base;
    for (let up = attr[2] === 'parent' ? 1 : Number(attr[3]) + 1; up > 0 && base !== null; up--) base = parent(base);
    return base;
  }
  // A name bound once in the file (`ROOT = Path(__file__).parent.parent`, or in the block that uses it).
  const bound = boundOnce(e, text);
  if (bound !== null) return again(bound);
  // `PKG` or `paths.PKG`, imported: a folder of the repository, perhaps; so is one the environment
  // may give (`os.environ.get("PLUGIN_ROOT", default)`), when the pieces joined to it may be unknown.
  const root = /^([A-Za-z_]\w*)(?:\s*\.\s*[A-Za-z_]\w*)*$/.exec(e)?.[1];
  if (unseen.open === true && ((root !== undefined && unseen.imported?.(root)) || fromEnvironment(e))) return { path: '', file: false, below: '' };
  return root !== undefined && unseen.imported?.(root) ? { path: '', file: false, unknown: true } : null;
}

/**
 * The scope a folder value reaches (PathScope), up to its first wildcard segment (a glob pattern
 * built as a path: `os.path.join(HERE, 'pkg', '*.py')` reaches `pkg`): its folder, or the folders
 * ending in its static tail below the folder before a piece the text does not give (`lib/**` then
 * `versions`).
 */
export function valueScope(value: PathValue): PathScope {
  const head = beforeWildcard(value.path);
  if (value.below === undefined || head !== value.path) return head;
  const below = beforeWildcard(value.below);
  // Every path of the repository, from its root (`ROOT / cfg["plugins"]`): not `''`, which a
  // source file's relative path (one from wherever it runs) gives and the caller drops.
  if (below === '' && head === '') return prefixScope('', '');
  return below === '' ? head : anywhereScope(below, head);
}

function beforeWildcard(path: string): string {
  const parts = path.split('/');
  const at = parts.findIndex((p) => /[*?[]/.test(p));
  return at < 0 ? path : parts.slice(0, at).join('/');
}

/** A value read from the environment: `os.environ["X"]`, `os.environ.get("X", d)`, `os.getenv("X")`. */
function fromEnvironment(e: string): boolean {
  const call = /^os\.(?:environ\.get|getenv)\s*\(/.exec(e);
  return call !== null ? closes(e, call[0].length) : /^os\.environ\s*\[[^\]]*\]$/.test(e);
}

/**
 * Modules whose values name folders outside the repository, or none (`sys.prefix`,
 * `tempfile.tempdir`, `os.sep`, `site.USER_SITE`): importing a name from one is no folder of it.
 */
const OUTSIDE_MODULES = new Set(['os', 'sys', 'tempfile', 'site', 'sysconfig', 'pathlib', 'shutil', 'glob', 'importlib', 'pkgutil', 'platform', 'string', 'math']);

/**
 * Pure: whether `name` is bound in `text` by an import (`from paths import PKG`, `from .paths
 * import PKG as P`, `import paths`, `from . import paths`) of a module that may be the
 * repository's: its value is in another file, which a reader of this one cannot see.
 */
export function importedName(text: string, name: string): boolean {
  for (const m of text.matchAll(/^[ \t]*from\s+(\.*[\w.]*)\s+import\s+(\([^)]*\)|[^\n#]+)/gm)) {
    if (OUTSIDE_MODULES.has(m[1]!.split('.')[0]!)) continue;
    const names = importedNames(m[2]!);
    if (names.includes(name)) return true;
    // A star import may bring any name; a constant's (`PKG`, `DATA_DIR`) is taken for one of
    // them, not a parameter's or a local's (`tmp_path`, `root`).
    if (names.includes('*') && /^[A-Z][A-Z0-9_]*$/.test(name)) return true;
  }
  return plainImports(text).some(({ module, alias }) => !OUTSIDE_MODULES.has(module.split('.')[0]!) && (alias ?? module.split('.')[0]) === name);
}

/** Pure: the modules of a text's plain `import a.b, c as d` statements, each with its alias when it has one. */
export function plainImports(text: string): { module: string; alias?: string }[] {
  const out: { module: string; alias?: string }[] = [];
  for (const m of text.matchAll(/^[ \t]*import[ \t]+([^\n#]+)/gm)) {
    for (const part of m[1]!.split(',')) {
      const [module = '', alias] = part.trim().split(/\s+as\s+/).map((x) => x.trim());
      out.push(alias === undefined ? { module } : { module, alias });
    }
  }
  return out;
}

/** Pure: the names a plain `import a.b` or `import a as b` binds in a text: module objects, never paths or a caller's data. */
export function moduleNames(masked: string): Set<string> {
  return new Set(plainImports(masked).map(({ module, alias }) => alias ?? module.split('.')[0]!));
}

/** The local names of an import list: `a, b as c`, `(a,\n b)`. */
function importedNames(list: string): string[] {
  return list
    .replace(/[()]/g, '')
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/).pop()!.trim())
    .filter((n) => n !== '');
}

/** What a plain name is assigned, when the file assigns it exactly once (`ROOT = Path(__file__).parent`); else null. */
export function boundOnce(name: string, text: string): string | null {
  if (!/^[A-Za-z_]\w*$/.test(name)) return null;
  const bindings = [...text.matchAll(new RegExp(`^[ \\t]*${name}\\s*=(?!=)(.*)$`, 'gm'))];
  return bindings.length === 1 ? bindings[0]![1]!.trim() : null;
}

function folder(path: string | null): PathValue | null {
  return path === null ? null : { path, file: false };
}

function parent(value: PathValue): PathValue | null {
  if (value.below !== undefined) return step(value, '..');
  // A file's folder; a folder's parent, unless it is the repository itself.
  if (!value.file && value.path === '') return null;
  return { path: parentDir(value.path), file: false };
}

/**
 * `base` joined with pieces, each a literal or a name bound once to one (`DB = "db"`); null for
 * a piece that leaves the repository, or is none of those unless `open`: then any folders below
 * what comes before it (PathValue `below`).
 */
function joined(base: PathValue, pieces: readonly string[], text: string, open: boolean): PathValue | null {
  let rest = pieces;
  let at: PathValue | null = base;
  // `os.path.join(__file__, '..', 'x')`: the file's folder, once normalized.
  if (base.file) {
    if (stringLiteral(unwrap(pieces[0]?.trim() ?? '')) !== '..') return null;
    at = parent(base);
    rest = pieces.slice(1);
  }
  for (const piece of rest) {
    if (at === null) return null;
    const literal = pieceValue(piece, text, 0);
    if (literal === null && !open) return null;
    if (literal === null) at = { path: at.path, file: false, below: '' };
    else at = literal.startsWith('/') ? null : step(at, literal);
  }
  return at;
}

/**
 * A folder value and a relative literal joined. Below an unknown piece, a `..` past the static
 * segments after it leaves that piece's folders, all but its first one: `path`'s parent holds them all.
 */
function step(at: PathValue, literal: string): PathValue | null {
  if (at.below === undefined) return folder(joinPath(at.path, literal));
  let below = at.below;
  let path = at.path;
  for (const part of literal.split('/')) {
    const next = joinPath(below, part);
    if (next !== null) below = next;
    else path = path === '' ? '' : parentDir(path);
  }
  return { path, file: false, below };
}

/** A piece of a path as a string: a literal, `os.pardir`, or a name bound once in the file to one of those; else null. */
function pieceValue(piece: string, text: string, depth: number): string | null {
  const e = unwrap(piece.trim());
  const literal = stringLiteral(e);
  if (literal !== null) return literal;
  if (e === 'os.pardir') return '..';
  // `*SUBDIR.split("/")`, `*PKG.split(".")`: the pieces of a path or a dotted name held in a name.
  const split = /^\*\s*([A-Za-z_]\w*)\.split\s*\(\s*(?:(['"])([^'"\\]+)\2|os\.sep)\s*\)$/.exec(e);
  const whole = split ? pieceValue(split[1]!, text, depth + 1) : null;
  if (split) return whole === null ? null : whole.split(split[3] ?? '/').join('/');
  // Not a loop's or a `with`'s name (`for app, sub in …`), which takes other values too.
  const name = /^[A-Za-z_]\w*$/.test(e) && depth < 4 && !new RegExp(`\\bfor\\s+[\\w\\s,()]*?\\b${e}\\b[\\w\\s,()]*?\\sin\\b|\\bas\\s+${e}\\b`).test(text);
  const bound = name ? boundOnce(e, text) : null;
  return bound === null ? null : pieceValue(bound, text, depth + 1);
}

/** Drops the parentheses around an expression. */
export function unwrap(expr: string): string {
  let e = expr.trim();
  for (;;) {
    if (e.startsWith('(') && closes(e, 1)) e = e.slice(1, -1).trim();
    else return e;
  }
}

/** Whether the bracket opened just before `from` closes at the end of `expr`. */
function closes(expr: string, from: number): boolean {
  return callAt(expr, from)?.end === expr.length - 1;
}

/** Whether a call's argument is given by keyword (`start_dir="tests"`, not `x == y`). */
export function isKeywordArgument(arg: string): boolean {
  return /^\w+\s*=(?!=)/.test(arg);
}

/** The arguments of the call whose `(` ends just before `from`, split at top-level commas; null when unbalanced. */
export function argumentsAt(text: string, from: number): string[] | null {
  return callAt(text, from)?.args ?? null;
}

/**
 * The call (or list) whose opening bracket ends just before `from`: its arguments, split at
 * top-level commas, and the index of its closing bracket; null when it does not close.
 */
export function callAt(text: string, from: number): { args: string[]; end: number } | null {
  const args: string[] = [];
  let start = from;
  for (const { i, c, depth } of outsideStrings(text, from, 1)) {
    if (depth === 0) {
      const last = text.slice(start, i).trim();
      if (last !== '') args.push(last);
      return { args, end: i };
    }
    if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return null;
}

/** The only item of a one-item list or tuple literal (`sys.path.extend([p])`), else undefined. */
export function listItem(arg: string | undefined): string | undefined {
  const a = arg?.trim();
  if (a === undefined || !/^[[(]/.test(a)) return undefined;
  const items = argumentsAt(a, 1);
  return items !== null && items.length === 1 ? items[0] : undefined;
}

/** `expr` split at its last top-level `op`, or null. */
export function splitLast(expr: string, op: string): [string, string] | null {
  let at = -1;
  for (const { i, c, depth } of outsideStrings(expr, 0, 0)) {
    if (depth === 0 && c === op && expr[i + 1] !== op && expr[i - 1] !== op) at = i;
  }
  return at <= 0 ? null : [expr.slice(0, at).trim(), expr.slice(at + 1).trim()];
}

/**
 * The one walk under the readers above: each character of `text` from `from` outside string
 * literals, with the bracket depth after it (an opening bracket counts on itself, a closing one
 * is seen at the depth it returns to), starting from `depth`.
 */
export function* outsideStrings(text: string, from: number, depth: number): Generator<{ i: number; c: string; depth: number }> {
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      i = skipString(text, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    yield { i, c, depth };
  }
}

/** A plain (or raw) single-line string literal's value; null for anything else (f-strings, bytes, concatenations). */
export function stringLiteral(expr: string): string | null {
  const m = /^[rR]?(['"])((?:\\.|(?!\1)[^\\\n])*)\1$/.exec(expr);
  return m ? m[2]!.replace(/\\(.)/g, '$1') : null;
}

/** The index of a string's closing quote (triple quotes included), from its opening quote at `i`. */
function skipString(text: string, i: number): number {
  const q = text[i]!;
  const triple = text.startsWith(q.repeat(3), i);
  const end = triple ? q.repeat(3) : q;
  for (let j = i + end.length; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text.startsWith(end, j)) return j + end.length - 1;
    else if (!triple && text[j] === '\n') return j;
  }
  return text.length - 1;
}

export function stripComments(text: string): string {
  return withoutComments(text, false);
}

/** The text with each comment's characters blanked: offsets kept. */
export function blankComments(text: string): string {
  return withoutComments(text, true);
}

function withoutComments(text: string, blank: boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = skipString(text, i);
      out += text.slice(i, end + 1);
      i = end;
    } else if (c === '#') {
      const from = i;
      while (i < text.length && text[i] !== '\n') i++;
      out += `${blank ? ' '.repeat(i - from) : ''}${i < text.length || !blank ? '\n' : ''}`;
    } else out += c;
  }
  return out;
}

/** The text, and a copy with string contents blanked: calls are looked for outside strings. */
export function maskStrings(text: string): { text: string; masked: string } {
  let masked = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const end = skipString(text, i);
      masked += c + text.slice(i + 1, end).replace(/[^\n]/g, ' ') + (end > i ? text[end] : '');
      i = end;
    } else masked += c;
  }
  return { text, masked };
}

/** Stands for a segment that is part literal, part computed (`{name}.py`): a piece no reader resolves. */
const MIXED = '?';

/**
 * Pure: a path spelled as a string built from pieces (`f"{HERE}/plugins/*.py"`, `HERE +
 * "/jobs/*.py"`, `"%s/hooks" % HERE`, `"{}/hooks".format(HERE)`), as the expression it starts
 * from (`base`: null for a relative literal start, which counts from the root) and the path pieces
 * that follow it, each a string literal, the expression of a segment that is one placeholder
 * whole, or a piece nothing resolves for a segment that is part of one. Null for anything else, or
 * for a base not followed by a `/`.
 */
export function stringPath(expr: string): { base: string | null; pieces: string[] } | null {
  const parts = formatted(expr) ?? percent(expr) ?? format(expr) ?? concatenation(expr);
  if (parts === null || parts.length === 0) return null;
  const first = parts[0]!;
  const base = typeof first === 'string' ? null : first.expr;
  const rest = base === null ? parts : parts.slice(1);
  if (base !== null && rest.length > 0 && !(typeof rest[0] === 'string' && rest[0].startsWith('/'))) return null;
  if (base === null && (first as string).startsWith('/')) return null;
  const pieces: string[] = [];
  let segment: (string | { expr: string })[] = [];
  const flush = () => {
    if (segment.length === 1 && typeof segment[0] !== 'string') pieces.push(segment[0]!.expr);
    else if (segment.some((s) => typeof s !== 'string')) pieces.push(MIXED);
    else if (segment.length > 0) pieces.push(JSON.stringify(segment.join('')));
    segment = [];
  };
  for (const part of rest) {
    if (typeof part !== 'string') {
      segment.push(part);
      continue;
    }
    const [head, ...more] = part.split('/');
    if (head !== '') segment.push(head!);
    for (const s of more) {
      flush();
      if (s !== '') segment.push(s);
    }
  }
  flush();
  return { base, pieces };
}

type Part = string | { expr: string };

/** `f"{A}/x/{B}"`: its literal text and placeholders (`{{` is a brace; a conversion or format spec is dropped). */
function formatted(expr: string): Part[] | null {
  const m = /^(?:[fF][rR]?|[rR][fF])(['"])([\s\S]*)\1$/.exec(expr);
  if (!m || m[2]!.includes(m[1]!) || m[2]!.includes('\n')) return null;
  const body = m[2]!;
  const parts: Part[] = [];
  let text = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if ((c === '{' || c === '}') && body[i + 1] === c) {
      text += c;
      i++;
    } else if (c === '{') {
      const end = callAt(body, i + 1)?.end;
      if (end === undefined) return null;
      if (text !== '') parts.push(text);
      text = '';
      parts.push({ expr: body.slice(i + 1, end).replace(/(?:![rsa])?(?::[^\]\)}'"]*)?$/, '').trim() });
      i = end;
    } else text += c;
  }
  if (text !== '') parts.push(text);
  return parts;
}

/** `"%s/hooks" % HERE`, `"%s/%s" % (A, B)`. */
function percent(expr: string): Part[] | null {
  const m = /^([rR]?(['"])(?:\\.|(?!\2)[^\\\n])*\2)\s*%\s*([\s\S]+)$/.exec(expr);
  const template = m ? stringLiteral(m[1]!) : null;
  if (template === null) return null;
  const operand = m![3]!.trim();
  const args = operand.startsWith('(') && callAt(operand, 1)?.end === operand.length - 1 ? argumentsAt(operand, 1)! : [operand];
  return fill(template, /%%|%[sr]/g, (_, i) => args[i]);
}

/** `"{}/hooks".format(HERE)`, `"{0}/{1}".format(A, B)`. */
function format(expr: string): Part[] | null {
  const m = /^([rR]?(['"])(?:\\.|(?!\2)[^\\\n])*\2)\.format\s*\(/.exec(expr);
  const template = m ? stringLiteral(m[1]!) : null;
  if (template === null || callAt(expr, m![0].length)?.end !== expr.length - 1) return null;
  const args = argumentsAt(expr, m![0].length) ?? [];
  return fill(template, /\{\{|\}\}|\{(\d*)\}/g, (hit, i) => args[hit[1] === undefined || hit[1] === '' ? i : Number(hit[1])]);
}

/** A template's text with each placeholder `arg` gives (escapes `%%`, `{{`, `}}` as text); null when one has no argument. */
function fill(template: string, placeholder: RegExp, arg: (hit: RegExpMatchArray, index: number) => string | undefined): Part[] | null {
  const parts: Part[] = [];
  let at = 0;
  let n = 0;
  for (const hit of template.matchAll(placeholder)) {
    const text = template.slice(at, hit.index);
    at = (hit.index ?? 0) + hit[0].length;
    if (hit[0] === '%%' || hit[0] === '{{' || hit[0] === '}}') {
      parts.push(text + hit[0][0]!);
      continue;
    }
    const value = arg(hit, n++);
    if (value === undefined) return null;
    if (text !== '') parts.push(text);
    parts.push({ expr: value.trim() });
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}

/** `HERE + "/jobs/" + name + ".py"`: operands at the top level, literals (and `os.sep`) as text; null without a literal. */
function concatenation(expr: string): Part[] | null {
  const operands: string[] = [];
  let start = 0;
  for (const { i, c, depth } of outsideStrings(expr, 0, 0)) {
    if (depth === 0 && c === '+') {
      operands.push(expr.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (operands.length === 0) return null;
  operands.push(expr.slice(start).trim());
  const parts = operands.map((o): Part => (o === 'os.sep' ? '/' : (stringLiteral(o) ?? { expr: o })));
  return parts.some((p) => typeof p === 'string') ? parts : null;
}
