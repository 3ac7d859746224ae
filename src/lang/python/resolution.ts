import type { ModuleEnv, ModuleTarget, ResolutionTraits } from '../types.js';
import { PYTHON_BUILTIN_MEMBERS, PYTHON_BUILTINS } from './builtins.js';
import { pythonFolders, pythonHandedPaths } from './handed-paths.js';
import { PYTHON_LOADER_CALLS, PYTHON_RUN_CALLS } from './loader-calls.js';
import { maskLazyModules } from './lazy-modules.js';
import { pythonLoadDirs } from './load-dirs.js';
import { pythonCallerEntries, pythonCallerLoads, pythonFileWords, pythonHandedWords } from './caller-loads.js';
import { readsDataOnly } from './resource-reads.js';
import { pythonRunFolders } from './run-folders.js';
import { declaredReturnType, PYTHON_FORWARDING_CALLS } from './spell-path.js';

/** Calls that run a script or a module in another process, or in this one by path (runpy). */
const PROCESS_STARTERS = ['run', 'call', 'check_call', 'check_output', 'Popen', 'system', 'run_module', 'run_path', 'spawn'];
/** What lists, walks or compiles a folder (directory-reads.ts). */
const READ_CALLS = ['walk', 'listdir', 'scandir', 'glob', 'iglob', 'rglob', 'iterdir', 'compile_dir'];
/** What replaces an attribute of a module named by a dotted string (handed-paths.ts). */
const PATCH_CALLS = ['patch', 'setattr', 'delattr'];

/**
 * Python's import system as a repository sees it, without running anything: relative imports
 * (`.x`, `..pkg.x`, `.` for the package itself) from the importing file's package; absolute ones
 * from the roots an interpreter or pytest would put on `sys.path`: the repository root, `src/`
 * (src layout), and each directory above the importing file that is no package itself (pytest's
 * rootdir insertion, scripts run from their folder). A module is `x.py` or a package `x/__init__.py`;
 * a namespace package (a folder without `__init__.py`) is reached through its modules. What no root
 * holds is the standard library or an installed package: external.
 */
export const pythonResolution: ResolutionTraits = {
  globals: PYTHON_BUILTINS,
  // `dir(obj)`, `inspect.getmembers(obj)` and a `getattr(obj, name)` with a computed name (`getattr*`,
  // references.scm) reach members by no name (keys are `receiver.name`, a bare function with an empty
  // receiver). A getattr naming its member in a string is a plain read, and `vars(obj)` is an
  // instance's data: counting them made every test reading an optional attribute or an argparse
  // namespace depend on every member of every class.
  // `operator.methodcaller(name)` and `attrgetter(name)` with a computed name (references.scm) call
  // or read a member no name says; code run from a string (`exec`, `eval`) calls what it says.
  reflection: new Set(['.getattr*', '.getattr-self*', '.dir', 'inspect.getmembers', 'inspect.getmembers_static', '.methodcaller*', '.attrgetter*', '.exec', '.eval']),
  // `getattr(self, name)` with a computed name (references.scm): any member of the class or a subclass.
  selfReflection: new Set(['.getattr-self*']),
  // `def __getattr__(self, name): return getattr(self._target, name)`: the name is one a use spells.
  forwardingMembers: new Set(['__getattr__', '__getattribute__']),
  // The module's namespace as a mapping (`globals()`, `locals()` and `vars()` at top level, any use
  // of them counted: a lookup, `.get`, an update), code run in it (`eval`, `exec`), and its own
  // module object (`sys.modules[__name__]`, references.scm): any name it declares or imports.
  moduleReflection: new Set(['.globals', '.locals', '.vars', '.eval', '.exec', '.module-namespace*']),
  builtinMembers: PYTHON_BUILTIN_MEMBERS,
  containers: new Set(['dict', 'list', 'set', 'tuple', 'frozenset']),
  // `import_module("shop.svc").run()`, `copy.deepcopy(svc).run()`, `cast(Service, x).run()`.
  // A builtin is named bare (`__import__("shop.svc").svc.run()`).
  // `__call__` excepted: a class-based decorator makes the function an instance of its class.
  functionAttributes: /^__(?!call__$)\w+__$/,
  handBack: new Set(['importlib.import_module', 'pytest.importorskip', '__import__', 'copy.copy', 'copy.deepcopy', 'dataclasses.replace', 'typing.cast', 'functools.reduce', 'weakref.proxy']),
  forwardingCalls: new Set(PYTHON_FORWARDING_CALLS),
  returnType: declaredReturnType,
  // Every Python file is a module: no top-level name reaches another file without an import.
  scripts: false,
  exportModel: 'top-level',
  starConflicts: 'last-wins',
  starBinds: (name, exportList) => (exportList ? exportList.has(name) : !name.startsWith('_')),
  moduleFallback: '__getattr__',
  // Every dotted suffix of two names or more (the root the packaging installs from is not known
  // here); a package's `__init__.py` is named by its folder.
  stringNames: (path) => {
    const parts = path.replace(/(?:\/__init__)?\.pyi?$/, '').split('/');
    const out: string[] = [];
    for (let start = 0; start <= parts.length - 2; start++) out.push(parts.slice(start).join('.'));
    return out;
  },
  maskInertNames: maskLazyModules,
  // pickle (any protocol), PyYAML's python tags, logging.config.fileConfig's INI, and configs
  // whose dotted paths code imports (`import_string(settings["handler"])`).
  stringNameData: ['*.pkl', '*.pickle', '*.yaml', '*.yml', '*.ini', '*.cfg', '*.conf', '*.toml', '*.json'],
  // pytest's fixture lookup past the test's own module: conftest.py in its folder, then in each
  // folder above (the nearest overrides), and the modules a conftest names in `pytest_plugins`.
  fixtureFiles: (fromPath) => {
    const out: string[] = [];
    for (let dir = dirname(fromPath); ; dir = dirname(dir)) {
      out.push(join(dir, 'conftest.py'));
      if (dir === '') return out;
    }
  },
  fixturePluginAlias: 'pytest_plugins',
  // A string that is a module's dotted name handed to a call (references.scm): an extension loader
  // or a plugin manager imports it (`load_ext`, `-p`); elsewhere the string is a word.
  byNameAlias: 'by-name',
  // Modules loaded by a name computed at run time: any module under the loader's test universe may
  // be loaded (the import floor's dynamic loads). `glob.glob` and `os.listdir` load no module.
  loaderCalls: PYTHON_LOADER_CALLS,
  dynamicLoadDirs: pythonLoadDirs,
  // A helper importing the module its caller names (`import_string(name)`): the files calling it load what they hand it.
  callerLoads: {
    dirs: pythonCallerLoads,
    // Callers are read through `handed` only: `entries` is never null where `dirs` is not.
    text: () => ({ words: null, patterns: [], sharesGlobally: false }),
    entries: pythonCallerEntries,
    handed: pythonHandedWords,
    fileWords: pythonFileWords,
  },
  readsDataOnly: (_path, text) => readsDataOnly(text),
  // A test running the repository's code in another process (`python -m mytool`, a script by path).
  // Process starters, and what lists or walks a folder (what a test reads by folder).
  handedPaths: { calls: [...PROCESS_STARTERS, ...READ_CALLS], patches: PATCH_CALLS, starts: PROCESS_STARTERS, of: pythonHandedPaths, readCalls: READ_CALLS, folders: pythonFolders, runs: { calls: PYTHON_RUN_CALLS, folders: pythonRunFolders } },
  docTestCalls: ['testmod', 'DocTestSuite', 'run_docstring_examples', 'DocTestFinder'],
  // `from a.b.c import x` imports `a`, then `a.b`, then `a.b.c`; `from ..pkg.mod import x` loads `..pkg`
  // first (the importer's own packages are loaded already).
  enclosingModules: (specifier) => {
    const dots = /^\.*/.exec(specifier)![0];
    const parts = specifier.slice(dots.length).split('.');
    return parts.slice(0, -1).map((_, i) => `${dots}${parts.slice(0, i + 1).join('.')}`);
  },
  // Measured against jedi on flask (bench/README.md, "Python (issue 20)"): a method call on an
  // unknown receiver with a few same-named methods in the repository is mostly a call of a library
  // object's method (a dict's, a response's) in Python, 0.08 of such edges correct against 0.20 declared.
  ruleConfidence: { ambiguous: 0.1 },
  submodule: (specifier, name) => (specifier.endsWith('.') ? `${specifier}${name}` : `${specifier}.${name}`),
  ownSubmodule: (path, name) => (path === '__init__.py' || path.endsWith('/__init__.py') ? `.${name}` : undefined),
  resolveModule(specifier, fromPath, env): ModuleTarget {
    const dots = /^\.*/.exec(specifier)![0].length;
    const rest = specifier.slice(dots);
    if (dots > 0) {
      let dir = dirname(fromPath);
      for (let up = 1; up < dots; up++) {
        if (dir === '') return { kind: 'unresolved' };
        dir = dirname(dir);
      }
      const found = moduleFile(join(dir, rest.replace(/\./g, '/')), rest === '', env);
      return found ? { kind: 'file', path: found } : { kind: 'unresolved' };
    }
    const relative = rest.replace(/\./g, '/');
    const searched = roots(fromPath, env);
    // `import a.b` imports `a` first, and a regular package (or module) on any root wins over a
    // folder without `__init__.py` on an earlier one (a namespace portion): `a.b` is then looked
    // up in that package only.
    const top = rest.split('.')[0]!;
    const regular = searched.find((root) => moduleFile(join(root, top), false, env) !== undefined);
    for (const root of regular === undefined ? searched : [regular, ...searched]) {
      const found = moduleFile(join(root, relative), false, env);
      if (found) return { kind: 'file', path: found };
    }
    return { kind: 'external', name: rest.split('.')[0]! };
  },
};

/**
 * `base/__init__.py` or `base.py` (only the former for a package itself), whichever exists: a
 * package first, as Python's path finder looks for a folder with `__init__` before a module of the
 * same name (so a package added beside `util.py` is what `import util` then loads).
 */
function moduleFile(base: string, packageOnly: boolean, env: ModuleEnv): string | undefined {
  const init = join(base, '__init__.py');
  if (env.exists(init)) return init;
  if (packageOnly || base === '') return undefined;
  return env.exists(`${base}.py`) ? `${base}.py` : undefined;
}

/** The import roots for a file: the repository root, `src`, then each non-package folder above it, outermost first. */
function roots(fromPath: string, env: ModuleEnv): string[] {
  const out = ['', 'src'];
  const dirs: string[] = [];
  for (let dir = dirname(fromPath); dir !== ''; dir = dirname(dir)) dirs.unshift(dir);
  for (const dir of dirs) if (dir !== 'src' && !env.exists(`${dir}/__init__.py`)) out.push(dir);
  return out;
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function join(dir: string, rest: string): string {
  return dir === '' ? rest : rest === '' ? dir : `${dir}/${rest}`;
}
