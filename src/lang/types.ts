import type { Language, Query } from 'web-tree-sitter';

/**
 * What a language adapter declares. Everything a language knows lives in its folder under src/lang:
 * this definition (data plus optional hooks) and tree-sitter query files. The extraction engine
 * (src/lang/extract.ts) is generic and reads only what is declared here.
 */
export interface LanguageDefinition {
  /** Stable id stored in the index (`typescript`, `tsx`, `javascript`). */
  id: string;
  /** File extensions with the dot, lowercase. */
  extensions: readonly string[];
  /**
   * The programs (base names on a `#!` line, see shebangProgram) that run a file of this language
   * whose name has no extension (`bin/terser`: `#!/usr/bin/env node`). Such a file is indexed as
   * this language; one naming no adapter's program is not indexed.
   */
  interpreters?: RegExp;
  /** File name of the grammar in tree-sitter-wasms' `out/` folder. */
  grammar: string;
  /** Query files, relative to the adapter folder, concatenated in order into one query. */
  queries: readonly string[];
  /** The adapter folder name under src/lang (where the query files live). */
  folder: string;
  syntax: SyntaxTraits;
  resolution: ResolutionTraits;
}

/** Where a module specifier leads, as the language's module system sees it. */
import type { ModuleTarget } from '../model/module-target.js';

export type { ModuleTarget } from '../model/module-target.js';

/** A declared return type: a named type or `this`, and what `await` gives for `Promise<T>`. */
export interface DeclaredReturn {
  /** One named type (`User`, `User[]`, `this`), or `''`: a type is declared that is no one name (unknown). */
  type: string;
  awaited?: string;
  /**
   * The signatures a call chooses among when overloads declare different returns (`type` is then
   * `''`), in declaration order: what the call's arity and type arguments select (issue 21).
   */
  overloads?: OverloadSignature[];
}

/** One overload a caller can call: its return, and what it accepts. */
export interface OverloadSignature {
  /** As DeclaredReturn's: one named type, or `''`. */
  type: string;
  awaited?: string;
  /** Arguments it accepts: at least `min`, at most `max` (null: a rest parameter). */
  min: number;
  max: number | null;
  /** Whether it declares type parameters (a call writing type arguments needs them). */
  generic: boolean;
  /**
   * Its parameter list with whitespace collapsed, when no type parameter of its own appears in it:
   * a later overload with the same list is never chosen by a call without type arguments (the
   * first one that accepts the arguments is). Undefined when the list names a type parameter.
   */
  params?: string;
}

/** A JSON value: what project-file facts are made of, so that they can be fingerprinted and stored. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What an adapter reads of one project file (`tsconfig.json`, `package.json`). JSON-serializable. */
export interface ProjectFileFacts {
  /** The package name other files import this project by (package.json `name`), if any. */
  packageName?: string;
  /** Only what module resolution reads (paths, exports...), so that other edits change nothing. */
  data: JsonValue;
}

/** Project files an adapter reads besides source files: configuration that shapes module resolution. */
export interface ProjectFileTraits {
  /** Whether a repo path is such a file by its name alone. */
  matches(path: string): boolean;
  /**
   * Whether a file its name does not settle may still be one, which `read` decides from its text:
   * a config other configs name by path under any name (`"extends": "@repo/tsconfig/base.json"`).
   */
  mayMatch?(path: string): boolean;
  /**
   * Pure: the facts of one file; null when it cannot be read (invalid JSON), which counts as absent,
   * and for a file `mayMatch` admits whose text is not such a file.
   */
  read(path: string, text: string): ProjectFileFacts | null;
}

/**
 * What module resolution may consult. Every answer is a tracked read (file existence, one project
 * file, the packages with one name), so a change to any of them re-resolves exactly the files that
 * asked.
 */
export interface ModuleEnv {
  exists(path: string): boolean;
  projectFile(path: string): ProjectFileFacts | undefined;
  /** Project files whose `packageName` is `name`, by path. */
  packagesNamed(name: string): readonly { path: string; facts: ProjectFileFacts }[];
}

/** What a file that may call a helper loading what it is handed says about the names it hands (ResolutionTraits.callerLoads). */
export interface CallerText {
  /**
   * The words of its strings and code, which name the modules it may hand to such a helper; null
   * when it may hand names its text does not hold (read from the environment, the command line,
   * files, directory listings).
   */
  words: string[] | null;
  /**
   * The names it glues from pieces, some computed (`'../lib/al' + rest`, `` `${dir}pha` ``): each
   * the static parts of one in order, any text standing between two (`['al', '']`: a name starting
   * with `al`). They name the files a name of which they match (ResolutionTraits.callerLoads `fileWords`).
   */
  patterns: string[][];
  /** Whether it puts values on the global object, where files that do not import it may call them (a setup file's `global.requireRule = requireRule`). */
  sharesGlobally: boolean;
}

/**
 * The functions through which a helper loads what its callers hand it (ResolutionTraits.callerLoads
 * `entries`): a file whose code names none of them hands it nothing.
 */
export interface CallerEntries {
  /** Functions (or classes) that import the module named by what they are handed. */
  calls: string[];
  /** Functions that import whatever a package they are handed holds. */
  lists: string[];
  /** Words of the helper's own literal calls of those (`import_string("app.views")` in its own file): modules it loads itself. */
  own: string[];
}

/**
 * What the resolver needs to know about a language's names and modules. Pure: existence checks go
 * through `env`, which the resolver tracks so that adding or removing a file re-resolves exactly
 * the imports it could change.
 */
export interface ResolutionTraits {
  /** Names the runtime provides (`console`, `Promise`): uses of them are external, never repo symbols. */
  globals: ReadonlySet<string>;
  /**
   * Calls that enumerate an object's members by reflection (`Object.getOwnPropertyNames`), as
   * `receiver.name`: code making one may touch every member of the classes it uses, by no name.
   */
  reflection: ReadonlySet<string>;
  /**
   * Calls, as `receiver.name`, that reach a member of the receiving object by a computed name
   * (`this[name]()`, `getattr(self, name)`): the method making one may run any member of its own
   * class or of a subclass, wherever the subclass is declared.
   */
  selfReflection: ReadonlySet<string>;
  /**
   * Methods the runtime calls with the name of an attribute that code spells (Python's
   * `__getattr__`, for a name its class lacks): a `reflection` call inside one forwards a use whose
   * name is written where the attribute is read (`proxy.start()`, a use by name the other rules
   * follow), so it makes its file no reflector. Absent: none.
   */
  forwardingMembers?: ReadonlySet<string>;
  /**
   * Calls, as `receiver.name`, through which a scope reaches the names of its own module's namespace
   * (its top-level declarations and imports) by a computed name (`globals()["do_" + op]`,
   * `eval("helper()")`): the scope may run any of them.
   */
  moduleReflection: ReadonlySet<string>;
  /**
   * Member names of the runtime's built-in objects (`push`, `get`, `then`): a call of one on a
   * receiver of unknown type is not evidence of a repository method of that name.
   */
  builtinMembers: ReadonlySet<string>;
  /**
   * Runtime classes whose instances hold the program's own values (Python's `dict`, `list`, `set`;
   * JavaScript's `Map`, `Set`, `WeakMap`, `WeakRef`): a method called on one is the runtime's, but
   * what it gives back (`registry.get(k)`) may be any object of the repository, so it stays unknown.
   */
  containers?: ReadonlySet<string>;
  /**
   * Outside functions, by dotted name as imported (`importlib.import_module`, `copy.deepcopy`),
   * whose result may be a repository value (a module it loads, a copy of its argument): a member
   * of what one returns is unknown, not the outside package's.
   */
  handBack?: ReadonlySet<string>;
  /**
   * Outside functions, by dotted name as imported (`functools.partial`), whose result is a callable
   * that calls their first argument with more arguments: calling `partial(Signer, key=k)` constructs
   * a Signer, calling `partial(load, path)` returns what `load` returns. The adapter spells that
   * argument when it is a bare name (`partial(@Signer)`, model/reference.ts); a function of the
   * repository under the same name forwards nothing.
   */
  forwardingCalls?: ReadonlySet<string>;
  /**
   * Attributes the runtime gives every function object (Python's `__doc__`, `__wrapped__`,
   * `__name__`): one read off a repository function is no name to match, and uses the function.
   * Others (`cli.command()` on a function a decorator made a click group) stay names to match.
   */
  functionAttributes?: RegExp;
  /** Resolves a module specifier written in `fromPath` to a repo file, a package, or nothing. */
  resolveModule(specifier: string, fromPath: string, env: ModuleEnv): ModuleTarget;
  /**
   * Pure: the files of the tree a specifier resolveModule left outside it would be under some
   * project file other than the one it consulted for the importer. A tool may be told to apply
   * another (vite-tsconfig-paths given `projects: ['tsconfig.test.json']` or `configNames`), and
   * then loads these. Built once per tree: `env` over its project files and source files.
   */
  otherProjectTargets?(env: ModuleEnv, projects: readonly string[]): (specifier: string) => string[];
  /**
   * Whether a file with no module syntax (no import, no export) is a script sharing one global scope
   * with the other scripts (a browser `<script>`), so that its top-level names reach other files
   * without an import (the `unique-global` rule). False where every file is its own module (Python).
   */
  scripts: boolean;
  /**
   * What another module can import by name: `declared`, only what the file marks exported
   * (`export`, export lists); `top-level`, every top-level declaration and every name a top-level
   * import binds (Python: `from .models import User` in `__init__.py` re-exports `User`), while
   * `exported` still tells the public interface (`__all__`, no leading underscore).
   */
  exportModel: 'declared' | 'top-level';
  /**
   * What a name two star imports (or a star import after an import of the name) both provide
   * stands for. `last-wins`: the module binds its names in statement order, so the later import
   * rebinds it (Python's `from .a import *` then `from .b import *`). `ambiguous`: either (ES
   * modules exclude a name two `export *` give from different bindings, and importing it is a
   * SyntaxError; CommonJS's `__exportStar` keeps the first), so whoever imports it depends on both.
   * Either way, a name added to any of those modules changes what the others' importers get.
   */
  starConflicts: 'last-wins' | 'ambiguous';
  /**
   * Pure: whether a star import of a module surely binds `name`, given the names of its export list
   * (null: it has none). Python binds what `__all__` lists, else every name without a leading
   * underscore; a name outside those may still be bound (an `__all__` extended by code), so a later
   * star import that may not bind it leaves the name to the earlier binding as well. Absent: every
   * name a star import's strict lookup finds is bound.
   */
  starBinds?(name: string, exportList: ReadonlySet<string> | null): boolean;
  /**
   * Packages whose modules are attributes of the package (Python `from pkg import mod`, `pkg.mod.f()`):
   * the specifier of the module `name` inside the module `specifier` (`pkg` → `pkg.mod`, `.` → `.mod`);
   * undefined when `name` cannot be a module of it. Tried only when the name is not declared there.
   */
  submodule?(specifier: string, name: string): string | undefined;
  /**
   * The specifier, written in `path`, of `path`'s own module `name` (`.mod` in a package's
   * `__init__.py`), or undefined when `path` is no package (see `submodule`).
   */
  ownSubmodule?(path: string, name: string): string | undefined;
  /**
   * The module-level function the runtime asks for a name a module does not bind (Python's
   * `__getattr__`, PEP 562: `from pkg import heavy` runs `pkg.__getattr__('heavy')`, which lazy
   * packages use to import a submodule on first use). A lookup of such a name leads to it.
   */
  moduleFallback?: string;
  /**
   * Pure: the names code may spell in a string to load the file at `path` by no import statement
   * (Python: its dotted module name under any root, `shop.log` for shop/log.py or src/shop/log.py,
   * as in logging's `dictConfig({"class": "shop.log.Keep"})` or Celery's `include=["shop.tasks"]`).
   * A changed file nothing imports is looked for by these as well as by its file name.
   */
  stringNames?(path: string): string[];
  /**
   * Pure: the text with the strings that spell such names but load nothing blanked (Python's
   * `__lazy_modules__ = {"shop.log"}`, PEP 810: it marks which of the file's own import
   * statements load lazily). A file spelling a name only there does not load the file by it.
   */
  maskInertNames?(text: string): string;
  /**
   * Extensions of data files the module loader tries after the source ones for a specifier written
   * without one (Node's `require('./config')` loads config.json when no config.js is there; jest
   * and the bundlers do too). A changed such file is also looked for by its path without it.
   */
  impliedDataExtensions?: readonly string[];
  /**
   * Data files (git pathspecs) the language's libraries build code from by a dotted name written
   * bare (Python: a pickle's `clib.model\nPoint`, a YAML tag `!!python/object:lib.model.Point`, a
   * logging INI's `class=lib.log.Keep`): a test reading one by name runs the modules it names.
   */
  stringNameData?: readonly string[];
  /** Project files (package manifests, compiler configs) the module system reads. */
  projectFiles?: ProjectFileTraits;
  /**
   * Pure: the directories (repo-relative; or any PathScope: a package under any folder) a file's
   * non-literal loads can reach when each is bounded by a static prefix
   * (`require(path.join(__dirname, '../locale', name))`), or null when some is
   * not, or the file has none (then it may load anything its package holds).
   */
  dynamicLoadDirs?(path: string, text: string): string[] | null;
  /**
   * Pure: whether a file's loads include reads of its package's files that read data only
   * (Python's `importlib.resources.files(package)` whose value reaches no code loader): those
   * reach the files no language indexes where the file's loads may reach, and `dynamicLoadDirs`
   * leaves them out.
   */
  readsDataOnly?(path: string, text: string): boolean;
  /**
   * Loads of a module its callers name: a helper running `require(rulePath)` on its parameter
   * loads what the files calling it hand it. `dirs`: pure, when each of a file's non-literal loads
   * is bounded (as `dynamicLoadDirs`) or loads a specifier handed in through a parameter, and one
   * does, the directories of the bounded ones; else null. `text`: pure, what a caller's text says
   * (CallerText), read in one pass.
   */
  callerLoads?: {
    dirs(path: string, text: string): string[] | null;
    text(text: string): CallerText;
    /**
     * Pure: when the handed loads happen only inside named functions, those (CallerEntries); a
     * caller then loads only what its calls of them hand (`handed`). Absent or null: every file
     * importing the helper, directly or not, loads what its text names (`text`).
     */
    entries?(path: string, text: string): CallerEntries | null;
    /** Pure: the words a file's calls of `entries` hand them; undefined when it names none, null when it may hand anything. */
    handed?(text: string, entries: CallerEntries): string[] | null | undefined;
    /** The words naming a file in a handed name (default: its base name, its stem, an `index` file's folder). */
    fileWords?(path: string): string[];
  };
  /**
   * Paths a file builds from its own location with static pieces and may hand to a package that
   * loads the modules there: a framework's test utilities started on an app directory
   * (`setup({ rootDir: path.join(__dirname, '../playground') })`), a bundler's root, a script run
   * by path. `calls`: the called names that build such paths or start a process (a filter on stored references
   * before any text is read); `of`: the paths (repo-relative, a directory or a file), `[]` when
   * the file cannot hand them to a loader (it imports only inert built-ins and its own files).
   * `starts`: the called names that start a process or a worker on a path (`fork`, `new Worker`,
   * `subprocess.run`): a source file calling one runs the code files it builds paths to (a test
   * runs whatever its paths hold; a source file joining paths to read data runs nothing). The
   * paths of `of` include folders a file reads every file of (walked, globbed, linted, handed to
   * a process by name). `patches`: the called names that replace an attribute of a module named
   * by a dotted string (`mock.patch('pkg.mod.attr')`): a test calling one is read for the modules
   * it patches (in `of`), though it builds no path and starts nothing.
   */
  handedPaths?: {
    calls: readonly string[];
    starts: readonly string[];
    patches?: readonly string[];
    of(path: string, text: string): string[];
    /**
     * What any file reads by folder, processes aside: `readCalls` filters stored references (the
     * listing, walking and globbing calls), `folders` gives the folders read whole and those only
     * listed, reading none of their files (the names there decide what it does: only a file added
     * to or removed from one changes it). A helper, a fixture or a script a test runs that reads a
     * folder makes the test depend on it.
     */
    readCalls?: readonly string[];
    folders?(path: string, text: string): { reads: string[]; lists: string[] };
    /**
     * Code run from a file whose name is computed in a folder the text names: `calls` filters
     * stored references (what starts a worker or a process on a script, evaluates text read from
     * a file, loads a module from a file location: `new Worker`, `vm.runInNewContext`,
     * `runpy.run_path`, `spec_from_file_location`, `exec`); `folders` gives the folders
     * (repo-relative) such a call is handed a path into, joined from a literal folder and a
     * computed name (`path.join(__dirname, 'workers', name + '.js')`). A file only reading such a
     * path, running nothing of it, gives none.
     */
    runs?: { calls: readonly string[]; folders(path: string, text: string): string[] };
  };
  /**
   * Pure: the declared return type in a function's, method's or getter's signature text; undefined
   * when none is written, and the resolver infers one from the `return` bindings.
   */
  returnType?(signature: string): DeclaredReturn | undefined;
  /**
   * Where a test runner looks up a `fixture` reference made in `fromPath`, after the file itself
   * (its enclosing class, then its top-level names and imports): the files that may define it,
   * nearest first (pytest: `conftest.py` in the file's folder, then in each folder above). Their
   * top-level names and imports count, and so do the modules their `pytestPlugins` links name.
   * Absent: the language has no such runner, and a `fixture` reference settles nothing.
   */
  fixtureFiles?(fromPath: string): readonly string[];
  /**
   * Calls that run the examples written in a module's documentation (Python's doctest: `testmod`,
   * `DocTestSuite`, `run_docstring_examples`). Where a test calls one, a change to a file's
   * documentation alone is no longer inert: every test loading the file runs again. Absent: the
   * language's documentation is never run.
   */
  docTestCalls?: readonly string[];
  /**
   * Calls that load modules they do not name (a directory read, a glob, a plugin lookup), by called
   * name, with the receivers that make them one (null: a bare call) and a reason code; the first
   * entry whose receivers match decides. Absent: the language has none.
   */
  loaderCalls?: Readonly<Record<string, readonly { code: string; receivers?: readonly (string | null)[] }[]>>;
  /**
   * The modules an import of `specifier` loads before it, outermost first (Python: `a.b.c` runs
   * `a/__init__.py` and `a/b/__init__.py` first), so that their top-level code reaches the importer.
   */
  enclosingModules?(specifier: string): readonly string[];
  /** The alias marking a link of a fixture file that names a plugin module (`pytest_plugins = [...]`). */
  fixturePluginAlias?: string;
  /**
   * The alias marking a load of a module by its name in a string handed to a call (Python's
   * `run_line_magic("load_ext", "dotenv")`): a load where the name is a module of the repository,
   * nothing where it is not (an outside name there is a word, not a use of a package).
   */
  byNameAlias?: string;
  /**
   * A rule's confidence in this language where it differs from the rule's declared one, measured
   * against a reference resolver (bench/edge-accuracy-python: `ambiguous` in Python). A rule that
   * runs earlier must stay more trusted (tests/graph/rule-order.test.ts).
   */
  ruleConfidence?: Readonly<Record<string, number>>;
}

/**
 * Token rules the generic engine needs, as data. What is a comment, a string or a decorator is told
 * by query captures (see src/lang/README.md); these rules only say how plain code splits into tokens
 * and which tokens are formatting.
 */
export interface SyntaxTraits {
  /** Operators and punctuation longer than one character, matched longest first (`=>`, `===`). */
  punctuators: readonly string[];
  /** Tokens that never change meaning when added or removed (`;` under ASI). */
  ignoredTokens: readonly string[];
  /** Separators dropped when they directly precede a closer (trailing commas). */
  trailingSeparators: readonly string[];
  closers: readonly string[];
  /** Quote characters hashed as another (`'` as `"`), so quote style is formatting. */
  equivalentTokens: Readonly<Record<string, string>>;
  /** Comments addressed to tools (`// eslint-disable-next-line`): never a declaration's doc. */
  directiveComment?: RegExp;
  /**
   * Comments that change how the whole file is read or compiled (a JSX pragma, `@flow`, Python's
   * source encoding declaration), matched on their text and, with `firstLines`, only that near the
   * top: their text is hashed into the module's body, so editing one is a change every importer
   * sees, where other comments are formatting.
   */
  compilingComments?: { pattern: RegExp; firstLines?: number };
  /** Openers of comments that document what follows even after code on their line (`/**`). */
  docMarkers?: readonly string[];
  /**
   * Indentation is syntax (Python blocks): each line's indentation outside brackets is hashed as a
   * token, so a dedented statement changes its function's hash. Without it, whitespace is formatting.
   */
  significantIndentation?: boolean;
  /**
   * The words that name the receiving object in a method (`this`; Python `self`, `cls`): assigning
   * to a member of one sets the object's own state, not a function onto another object (the test
   * selection's closure rules). Default: `this`.
   */
  receiverWords?: readonly string[];
  /**
   * An index assignment (`d[k] = max(a, b)`) fills a container (Python's dicts and lists): only a
   * function stored that way (`handlers[k] = save`, a lambda) is a registry. Without it, any
   * `obj[k] = value` may set a method of an object (JavaScript).
   */
  indexAssignsData?: boolean;
  /**
   * False when the queries record attribute reads only where they are passed, assigned or returned
   * (Python: `if session.permanent:` is no reference): a changed property (getter, setter) may then
   * be read where no edge says, and the closure rules keep every test importing its file.
   */
  attributeReadsRecorded?: boolean;
  /**
   * True when a declaration's documentation is a value the program reads (Python's docstrings are
   * `__doc__`: click and argparse build `--help` from them, `inspect.getdoc` returns them): a change
   * to it is reported as doc-only but selects tests as a body change does. JSDoc is no value.
   */
  docsAreValues?: boolean;
  /**
   * Method names the runtime calls without the code naming them (Python's `__getattr__`, `__enter__`,
   * `__iter__`, `__eq__`...): a changed one may run wherever an instance is used, so the closure
   * rules keep every test importing its file. Constructors are reached through their class anyway.
   */
  implicitMembers?: RegExp;
  /**
   * Of those, the methods the runtime calls when a subclass is created (Python's
   * `__init_subclass__`): a changed one runs whenever a module declaring a subclass loads.
   */
  classCreationHooks?: RegExp;
  /**
   * Base classes outside the repository that call no method of a subclass by its name (Python's
   * `object`, `Exception`, `Generic`): a method of a class whose other outside bases are these is
   * called only where the repository calls it. Any other outside base (a framework's loader, a
   * stdlib `TextWrapper`) may call a method it defines, by no edge the index holds.
   */
  inertBases?: RegExp;
  /**
   * Outside bases that make a class an interface checked by shape (Python's `typing.Protocol`):
   * a call of its method may run the method of that name of any class, related to it or not.
   */
  structuralBases?: RegExp;
  /**
   * Decorators that register a function with a caller the index models as edges (pytest's
   * `fixture`, whose uses are fixture references, and its marks): a function under one is no
   * more reached by a registry than by those edges.
   */
  modeledDecorators?: RegExp;
  /**
   * Decorators (their text after `@`) that hand the function back for calls by name: `property`,
   * `staticmethod`, `functools.wraps(f)`, `overload`. A function under any other decorator may be
   * registered and called through the registry (`@app.route("/")`, `@click.command()`), so the
   * closure rules keep every test importing its file. Absent: decorators are not considered.
   */
  transparentDecorators?: RegExp;
  /**
   * How captured expressions read as resolver paths (`@receiver`, `@elements`, `@init`, `@type`).
   * Without it the engine keeps plain dotted names (`a.b.c`) and nothing else.
   */
  spelling?: PathSpelling;
}

/** Pure functions from a captured expression's text to the path the resolver follows, or undefined. */
export interface PathSpelling {
  /** A receiver or iterated expression: names joined by `.`, `()` after a name called on the way (`this.repo().find`). */
  path(text: string): string | undefined;
  /** A variable's or field's initializer: a path, `await ` before an awaited one. */
  initializer(text: string): string | undefined;
  /** A declared type: one named type (`Store`), an array of one (`Store[]`); undefined for anything else. */
  type(text: string): string | undefined;
  /**
   * A `@module` capture's text as the specifier resolveModule reads (`..pkg.mod`), or null. Without
   * it, a module is a quoted string literal (`'./x'`).
   */
  module?(text: string): string | null;
}

/** A definition with its grammar and compiled query, ready to parse. Not serializable. */
export interface LoadedLanguage {
  definition: LanguageDefinition;
  language: Language;
  query: Query;
  /** Version of the grammar package, recorded in artifact manifests. */
  grammarVersion: string;
}

/** Identity function that fixes the type of an adapter definition. */
export function defineLanguage(definition: LanguageDefinition): LanguageDefinition {
  return definition;
}
