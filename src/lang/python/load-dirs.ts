import { anywhereScope } from '../../model/path-scope.js';
import { joinPath, parentDir } from '../../util/posix-path.js';
import { loaderCallsCoded, NAME_LOADER_CALLS } from './loader-calls.js';
import { RESOURCE_CALLS, readsDataOnly } from './resource-reads.js';
import { argumentsAt, boundOnce, evaluate, isKeywordArgument, listItem, maskStrings, stringLiteral, stripComments, valueScope } from './path-expressions.js';

/**
 * Additions to the import path: `sys.path.insert(i, p)` (the path is the second argument),
 * `append`, `extend([p])`, `site.addsitedir(p)`; and to a package's own, `__path__.append(p)`.
 */
const PATH_CALL = /\b((?:sys\.path|__path__)\.(?:insert|append|extend)|site\.addsitedir)\s*\(/g;
/** Loads by a computed name (loader-calls.ts): they may reach any module, unless importModuleScopes bounds one. */
const NAME_LOADER = new RegExp(`\\b(${NAME_LOADER_CALLS.join('|')})\\s*\\(`, 'g');
/** unittest's discovery on a test loader (loader-calls.ts `discover`): it imports the test modules under its start folder. */
const DISCOVER = /(?:\b(?:unittest\.)?defaultTestLoader|\b(?:unittest\.)?TestLoader\(\s*\)|(?<![\w.])(?:test_)?loader)\.discover\s*\(/g;
/**
 * Django's commands by name (loader-calls.ts `call_command`): `<app>/management/commands/<name>.py`
 * of any application. Under any receiver (`django.core.management.call_command`, an alias of the
 * module): the loader table decided already that the file calls Django's.
 */
const DJANGO_COMMAND = callUnderAnyReceiver(loaderCallsCoded('django-command'));
/** doctest's runs of examples (loader-calls.ts `testfile`, `testmod`, a runner made by hand...): a text file's, or a module's docstrings'; under any receiver (`import doctest as dt`). */
const DOCTEST_RUN = callUnderAnyReceiver(loaderCallsCoded('doctest-file'));
/** Django's discovery of a module by its name in every application (loader-calls.ts `autodiscover_modules`). */
const DJANGO_AUTODISCOVER = callUnderAnyReceiver(loaderCallsCoded('django-autodiscover'));
/** A call of one of `names` (captured), bare or under any dotted receiver. */
function callUnderAnyReceiver(names: readonly string[]): RegExp {
  return new RegExp(`(?<![\\w.])(?:[A-Za-z_]\\w*\\.)*(${names.join('|')})\\s*\\(`, 'g');
}

/** Folders every file imports from already (resolution.ts `roots`): adding one loads nothing new. */
const IMPORT_ROOTS = new Set(['', 'src']);

/**
 * Whether the load by a computed name at offset `at` of the file's stripped text (a call of `call`
 * with `args`) loads what the file's callers hand in (caller-loads.ts): then it needs no bound here.
 */
export type HandedLoad = (at: number, call: string, args: readonly string[]) => boolean;

/**
 * Pure: the folders (repo-relative, sorted; PathScope) a Python file puts on `sys.path`, where each addition
 * is built statically from the file's own location (`os.path.join(os.path.dirname(__file__), '..',
 * 'scripts')`, `Path(__file__).parent / 'lib'`, `Path(__file__).parents[1]`), from the working
 * directory (`Path.cwd()`, a relative literal: pytest runs from the rootdir, taken as the
 * repository's) or from a name bound once in the file to one of those. A module in such a
 * folder is importable by a name module resolution does not know; the folder is the loader's reach.
 * A load by a computed name is bounded to the package its static start names
 * (`import_module(f".unicode{v}", "rich._unicode_data")` loads from `rich/_unicode_data`, under
 * any folder, and runs `rich/__init__.py`: importModuleScopes).
 * Null when some addition is not static, or when the file loads modules by names without such a
 * start (`importlib.import_module(name)`, `__import__(name)`, entry points) or asks for a fixture by
 * a computed name (`request.getfixturevalue(name)`): those may reach anything, unless `handedAt`
 * says a load takes a name the file's callers hand in.
 */
export function pythonLoadDirs(path: string, text: string, handedAt?: HandedLoad): string[] | null {
  const code = maskStrings(stripComments(text));
  const fileDir = parentDir(path);
  const dirs = new Set<string>();
  // Reads of the package's files that read data only load no module (resource-reads.ts).
  const dataOnly = readsDataOnly(text);
  for (const m of code.masked.matchAll(NAME_LOADER)) {
    if (dataOnly && RESOURCE_CALLS.includes(m[1]!)) continue;
    const called = argumentsAt(code.text, (m.index ?? 0) + m[0].length);
    if (RESOURCE_CALLS.includes(m[1]!)) {
      const scopes = resourceScopes(code.masked.slice(0, m.index ?? 0), m[1]!, called, path);
      if (scopes !== null) {
        for (const scope of scopes) dirs.add(scope);
        continue;
      }
    }
    if (handedAt !== undefined && called !== null && called.length > 0 && handedAt(m.index ?? 0, m[1]!, called)) continue;
    // `__import__(name, globals, ...)` names its module as `import_module` does; a relative one (a `level`) is not read.
    const all = m[1] === 'import_module' || m[1] === '__import__' ? called : null;
    const args = m[1] === '__import__' ? (all !== null && all.length > 0 && !all.some((a, i) => i >= 4 || /^level\s*=/.test(a)) ? [all[0]!] : null) : all;
    if (args === null || args.length === 0) return null;
    // A literal name is an import (references.scm), not a load by a computed name; `__import__`'s
    // fromlist (`__import__("pkg.plugins", fromlist=[name])`) imports that package's modules by name too.
    const literal = stringLiteral(args[0]!.trim());
    if (literal !== null && m[1] === '__import__' && all!.some((a, i) => i === 3 || /^fromlist\s*=/.test(a.trim()))) {
      if (!literal.split('.').every(isIdentifier)) return null;
      for (const scope of packageScopes(literal.split('.'))) dirs.add(scope);
      continue;
    }
    if (literal !== null) continue;
    const scopes = importModuleScopes(args, path, code.text);
    if (scopes === null) return null;
    for (const scope of scopes) dirs.add(scope);
  }
  // A fixture asked for by a literal name is a fixture reference; by a computed one, any fixture.
  for (const m of code.masked.matchAll(/\.getfixturevalue\s*\(/g)) {
    const args = argumentsAt(code.text, (m.index ?? 0) + m[0].length);
    if (args === null || args.length === 0 || stringLiteral(args[0]!.trim()) === null) return null;
  }
  // Examples import what they like. `doctest.testmod()` without a module runs `__main__`'s, a
  // script's own under `if __name__ == "__main__":`, never the module a test imports.
  for (const m of code.masked.matchAll(DOCTEST_RUN)) {
    const args = argumentsAt(code.text, (m.index ?? 0) + m[0].length);
    const own = (m[1] === 'testmod' || m[1] === 'DocTestSuite') && args !== null && !args.some((a) => !isKeywordArgument(a) || /^(?:m|module)\s*=/.test(a));
    if (!own) return null;
  }
  // Django's discovery of a module by its name in every application: a module (or package) of that name anywhere.
  for (const m of code.masked.matchAll(DJANGO_AUTODISCOVER)) {
    const names = (argumentsAt(code.text, (m.index ?? 0) + m[0].length) ?? []).filter((a) => !isKeywordArgument(a)).map((a) => stringLiteral(a.trim()));
    if (names.length === 0 || names.some((n) => n === null || !isIdentifier(n))) return null;
    for (const n of names) dirs.add(anywhereScope(`${n!}.py`)).add(anywhereScope(n!));
  }
  for (const m of code.masked.matchAll(DJANGO_COMMAND)) {
    for (const scope of djangoCommandScopes(m[1]!, argumentsAt(code.text, (m.index ?? 0) + m[0].length), code.text)) dirs.add(scope);
  }
  // Discovery from a static start folder (`os.path.join(ROOT, "lib", "selfcheck")`, `"tests/unit"`
  // from the rootdir pytest runs in) imports what is under it; from any other, anything.
  for (const m of code.masked.matchAll(DISCOVER)) {
    const args = argumentsAt(code.text, (m.index ?? 0) + m[0].length);
    const start = args?.find((a) => !isKeywordArgument(a)) ?? args?.find((a) => /^start_dir\s*=/.test(a))?.replace(/^start_dir\s*=\s*/, '');
    const value = start === undefined ? null : evaluate(start.trim(), path, fileDir, code.text, 0, { open: true });
    if (value === null || value.file) return null;
    dirs.add(valueScope(value));
  }
  for (const m of code.masked.matchAll(PATH_CALL)) {
    const args = argumentsAt(code.text, (m.index ?? 0) + m[0].length);
    if (args === null) return null;
    const arg = m[1]!.endsWith('.insert') ? args[1] : m[1]!.endsWith('.extend') ? listItem(args[0]) : args[0];
    if (arg === undefined) return null;
    const value = evaluate(arg.trim(), path, fileDir, code.text, 0);
    if (value === null || value.file) return null;
    if (!IMPORT_ROOTS.has(value.path)) dirs.add(value.path);
  }
  return [...dirs].sort();
}

/**
 * The management commands a Django call may import: by a literal name (`call_command("greet")`,
 * `load_command_class("shop", "greet")`, or a name bound once to one), that command's module of
 * whichever application has it, with the packages above it; given a command object
 * (`call_command(Greet())`), none; by a name read at run time (`execute_from_command_line(sys.argv)`,
 * `call_command(name)`), any application's commands.
 */
function djangoCommandScopes(call: string, args: readonly string[] | null, text: string): string[] {
  const positional = (args ?? []).filter((a) => !isKeywordArgument(a)).map((a) => a.trim());
  const name = call === 'call_command' ? positional[0] : call === 'load_command_class' ? positional[1] : undefined;
  if (call === 'call_command' && name !== undefined && /\)$/.test(name) && !/^[fF]?['"]/.test(name)) return [];
  const literal = name === undefined ? null : (stringLiteral(name) ?? stringLiteral(boundOnce(name, text)?.trim() ?? ''));
  if (literal === null || !isIdentifier(literal)) return [anywhereScope('management')];
  return [anywhereScope(`management/commands/${literal}.py`), anywhereScope('management/__init__.py'), anywhereScope('management/commands/__init__.py')];
}

/**
 * Where an `import_module(name, package)` call loads from, when its name has a static dotted start
 * (`f"myapp.plugins.{name}"`, `f".unicode{v}"` with `package="rich._unicode_data"`, `"." + name`
 * with `__package__`): a start relative to the file's own package, the folder it names; a package
 * named from the import path's start (an absolute name, or a literal `package`), that package's
 * folder under any folder of the tree, and the `__init__.py` of each package above it, which the
 * import runs too. Python looks an absolute name up in every folder on `sys.path`: the rootdir,
 * `src`, the test's own folder, `pythonpath`, a folder some conftest inserts; the package is
 * wherever one of them holds it. Null when the start names no package (`f"plugin_{name}"` may be
 * any top-level module).
 */
function importModuleScopes(args: readonly string[], path: string, text: string): string[] | null {
  const nameArg = args.find((a) => !/^\w+\s*=/.test(a)) ?? args.find((a) => /^name\s*=/.test(a))?.replace(/^name\s*=\s*/, '');
  const packageArg = args.filter((a) => !/^\w+\s*=/.test(a))[1] ?? args.find((a) => /^package\s*=/.test(a))?.replace(/^package\s*=\s*/, '');
  if (nameArg === undefined) return null;
  const start = stringStart(nameArg.trim(), text, 0);
  if (start === null) return null;
  const dots = /^\.*/.exec(start)![0].length;
  const rest = start.slice(dots);
  // The last dotted segment may be cut short (`.unicode` of `.unicode15-0-0`): only whole ones name folders.
  const known = rest.includes('.') ? rest.slice(0, rest.lastIndexOf('.')).split('.') : [];
  if (!known.every(isIdentifier)) return null;
  if (dots === 0 && known.length === 0) return tailScopes(nameArg.trim());
  if (dots === 0) return packageScopes(known);
  const pkg = packageArg?.trim();
  if (pkg === '__package__' || pkg === '__spec__.parent') {
    let base: string | null = parentDir(path);
    for (let up = dots - 1; base !== null && up > 0; up--) base = base === '' ? null : parentDir(base);
    const dir = base === null ? null : joinPath(base, known.join('/'));
    return dir === null ? null : [dir];
  }
  const literal = pkg === undefined ? null : stringLiteral(pkg);
  const segments = literal === null || literal === '' ? [] : literal.split('.');
  // Each dot past the first climbs one package; past the top-level one, the name is no package's.
  if (segments.length === 0 || !segments.every(isIdentifier) || dots - 1 >= segments.length) return null;
  return packageScopes([...segments.slice(0, segments.length - (dots - 1)), ...known]);
}

/**
 * What a read of a package's files reaches, by the package it names (`pkgutil.get_data(__package__,
 * path)`, werkzeug's debugger assets; `importlib.resources.files("app.data")`): the file's own
 * folder, or that package's under any folder. Only on the reading modules (or a bare name imported
 * from one): `Path(p).read_text("utf8")` names an encoding. Null for any other package argument.
 * A read of the file's own package naming its resource in literals (`pkgutil.get_data(__package__,
 * "VERSION")`, scrapy's version; `read_text(__package__, "data/names.txt")`) reads that file
 * alone: the package is the reader's, imported already, and nothing else is opened.
 */
function resourceScopes(before: string, call: string, args: readonly string[] | null, path: string): string[] | null {
  if (!/(?:(?<![\w.])(?:pkgutil|resources|importlib\.resources|importlib_resources)\.|(?<![\w.\s])\s*|^)$/.test(before.slice(-40))) return null;
  const first = args?.find((a) => !isKeywordArgument(a)) ?? args?.find((a) => /^(?:package|anchor)\s*=/.test(a))?.replace(/^\w+\s*=\s*/, '');
  if (first === undefined) return null;
  if (/^(?:__package__|__name__|__spec__\.parent)$/.test(first.trim())) {
    const resource = NAMED_READS.has(call) && args !== null ? literalResource(args.filter((a) => !isKeywordArgument(a)).slice(1)) : null;
    const file = resource === null ? null : joinPath(parentDir(path), resource);
    return [file ?? parentDir(path)];
  }
  const literal = stringLiteral(first.trim());
  return literal !== null && literal.split('.').every(isIdentifier) ? packageScopes(literal.split('.')) : null;
}

/**
 * Where a load by a name with no static start but a static end goes (`import_module(f"{name}_app")`,
 * werkzeug's live test apps; `name + ".views"`): a module whose last segment ends that way, under
 * any folder, and the `__init__.py` of whatever packages the computed start names. Null when the
 * end is not static or holds no name piece.
 */
function tailScopes(expr: string): string[] | null {
  const formatted = /^[fF][rR]?(['"])((?:\\.|(?!\1)[^\\\n])*)\1$/.exec(expr);
  const plus = /\+\s*[rR]?(['"])((?:\\.|(?!\1)[^\\\n])*)\1$/.exec(expr);
  const tail = formatted ? (formatted[2]!.includes('}') ? formatted[2]!.slice(formatted[2]!.lastIndexOf('}') + 1) : null) : plus ? plus[2]! : null;
  if (tail === null || !/^[\w.]*\w$/.test(tail)) return null;
  const last = tail.slice(tail.lastIndexOf('.') + 1);
  // A whole segment (`.views`) is the module's name; a piece of one (`_app`) ends it.
  const name = tail.includes('.') ? last : `*${last}`;
  return [anywhereScope(`${name}.py`), anywhereScope(name), anywhereScope('__init__.py')];
}

/** The reads that take the resource's path after the package (`get_data(package, resource)`, `read_text(anchor, *path_names)`). */
const NAMED_READS: ReadonlySet<string> = new Set(['get_data', 'read_text', 'open_text']);

/**
 * The path inside the package that one literal resource argument names (`"VERSION"`,
 * `"data/a.txt"`), or null: none given, a computed one, one that leaves the package (`..`, an
 * absolute path), or more than one (`read_text(pkg, "a.txt", "latin-1")` before Python 3.13 is a
 * resource and its encoding; from 3.13 path parts).
 */
function literalResource(parts: readonly string[]): string | null {
  if (parts.length !== 1) return null;
  const name = stringLiteral(parts[0]!.trim());
  const segments = name?.split('/') ?? [''];
  return segments.some((s) => s === '' || s === '.' || s === '..') ? null : segments.join('/');
}

/** A package by its dotted path, found from wherever the import path starts: its folder and the `__init__.py` of each package above it. */
export function packageScopes(segments: readonly string[]): string[] {
  const out = [anywhereScope(segments.join('/'))];
  for (let n = 1; n < segments.length; n++) out.push(anywhereScope(`${segments.slice(0, n).join('/')}/__init__.py`));
  return out;
}

function isIdentifier(segment: string): boolean {
  return /^[A-Za-z_]\w*$/.test(segment);
}

/**
 * The static start of a string expression: a literal (whole), an f-string up to its first
 * placeholder, the left operand of `+`, a `%` or `.format` template up to its first placeholder,
 * or a name bound once in the file to one of those. Null for anything else.
 */
export function stringStart(expr: string, text: string, depth: number): string | null {
  if (depth > 4) return null;
  const literal = stringLiteral(expr);
  if (literal !== null) return literal;
  const formatted = /^[fF][rR]?(['"])((?:\\.|(?!\1)[^\\\n])*)\1$/.exec(expr) ?? /^[rR][fF](['"])((?:\\.|(?!\1)[^\\\n])*)\1$/.exec(expr);
  if (formatted) return formatted[2]!.split('{')[0]!;
  const template = /^([rR]?(['"])(?:\\.|(?!\2)[^\\\n])*\2)\s*(?:%|\.format\s*\()/.exec(expr);
  if (template) return stringLiteral(template[1]!)!.split(/[%{]/)[0]!;
  const plus = /^([rR]?(['"])(?:\\.|(?!\2)[^\\\n])*\2)\s*\+/.exec(expr);
  if (plus) return stringLiteral(plus[1]!);
  const bound = boundOnce(expr, text);
  return bound === null ? null : stringStart(bound, text, depth + 1);
}
