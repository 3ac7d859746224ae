import { ECMASCRIPT_BUILTIN_MEMBERS, ECMASCRIPT_GLOBALS } from './globals.js';
import { ECMASCRIPT_READ_CALLS, ECMASCRIPT_RUN_CALLS, ecmascriptCallerLoads, ecmascriptFolders, ecmascriptHandedPaths, ecmascriptLoadDirs, ecmascriptRunFolders } from './load-dirs.js';
import { ecmascriptCallerText } from './caller-text.js';
import { COMMAND_MODULE_CALLS, commandModules } from './command-modules.js';
import { asPackageManifest, ecmascriptProjectFiles } from './project-files.js';
import { declaredReturnType } from './return-type.js';
import { compilerSettings, mappingSettings, matchPaths, type CompilerSettings } from './compiler-settings.js';
import { importTargets, resolvePackage, splitPackageSpecifier } from './package-entry.js';
import { dirname, fileCandidates } from './module-paths.js';
import { joinPath } from '../../util/posix-path.js';
import type { ModuleEnv, ModuleTarget, ProjectFileFacts, ResolutionTraits } from '../types.js';

/** Calls that start a process or a worker thread on a script: node's child_process and worker_threads, execa. */
const PROCESS_STARTERS = ['Worker', 'fork', 'spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'execa', 'execaSync', 'execaNode', 'execaCommand', 'execaCommandSync'];

/**
 * Module resolution as TypeScript's `bundler` mode sees a repository: relative paths (a `.js`
 * written in TypeScript names the `.ts` it compiles from), then the nearest tsconfig's `paths` and
 * `baseUrl` (extends followed), then the repository's own packages by name (workspaces: their
 * `exports`, `types`, `module`, `main`, mapped from build output back to source). Anything else is a
 * package from outside the repository.
 */
export const ecmascriptResolution: ResolutionTraits = {
  globals: ECMASCRIPT_GLOBALS,
  // Calls whose results a file may load: a directory read or a glob, or a bundler's context. The
  // first entry whose receivers match decides.
  loaderCalls: {
    readdirSync: [{ code: 'readdir-loading' }],
    readdir: [{ code: 'readdir-loading' }],
    opendirSync: [{ code: 'readdir-loading' }],
    globSync: [{ code: 'glob-loading' }],
    glob: [{ code: 'import-meta-glob', receivers: ['import.meta'] }, { code: 'glob-loading' }],
    sync: [{ code: 'glob-loading', receivers: ['glob', 'fg', 'fastGlob', 'globby'] }],
    context: [{ code: 'require-context', receivers: ['require'] }],
    // A folder put on a module's lookup path (`module.paths.unshift(path.join(__dirname, 'vendor'))`
    // then `require('vendored')`): Node looks bare names up there as in node_modules, so the file
    // may load any module of that folder, which load-dirs.ts reads from the text.
    unshift: [{ code: 'module-paths', receivers: ['module.paths'] }],
    push: [{ code: 'module-paths', receivers: ['module.paths'] }],
    // `process.env.NODE_PATH = path.join(__dirname, 'lib')` then `Module._initPaths()`: every
    // module's bare names are looked up there too (load-dirs.ts reads the folders).
    _initPaths: [{ code: 'module-paths' }],
  },
  // Walking a prototype reaches methods and accessors; Object.keys/entries see own fields only. A
  // member called by a computed name (`o[k]()`: `[]`, references.scm) may be any of them, and so
  // may whatever code held in a string calls (`new Function`, `eval`, `vm.runInNewContext`).
  reflection: new Set([
    'Object.getOwnPropertyNames', 'Object.getOwnPropertyDescriptors', 'Object.getPrototypeOf', 'Reflect.ownKeys', 'Reflect.getPrototypeOf', '.[]',
    '.Function', '.eval', 'vm.runInNewContext', 'vm.runInContext', 'vm.runInThisContext', 'vm.compileFunction', 'vm.Script', '.runInNewContext', '.runInContext', '.runInThisContext', '.compileFunction', '.Script',
  ]),
  // `this[name]()` (references.scm): a method of the object's class or a subclass, by no name.
  selfReflection: new Set(['.this[]']),
  // A direct `eval("helper()")` runs code in the caller's scope, the module's bindings and imports
  // included; no other call reaches a module's bindings by a computed name (they are no object's).
  moduleReflection: new Set(['.eval']),
  builtinMembers: ECMASCRIPT_BUILTIN_MEMBERS,
  containers: new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef']),
  // What these hand back is a module of the repository as often as a package (`require('./s').run()`,
  // `jest.requireActual('../lib/a').fn()`): a member of it is unknown, never the runtime's.
  handBack: new Set(['require', 'jest.requireActual', 'jest.requireMock', 'vi.importActual', 'vi.importMock']),
  // Node's require tries .json and .node after .js; jest's moduleFileExtensions and the bundlers'
  // resolve.extensions list .json too. (module-paths.ts's EXTENSIONS are the parsed ones.)
  impliedDataExtensions: ['.json', '.node'],
  projectFiles: ecmascriptProjectFiles,
  returnType: declaredReturnType,
  dynamicLoadDirs: ecmascriptLoadDirs,
  callerLoads: { dirs: ecmascriptCallerLoads, text: ecmascriptCallerText },
  // Path builders, and what starts a process or a worker (on a path, or a command the package installs).
  handedPaths: {
    // Path builders, listings and globs (what a test reads by folder), and process starters.
    calls: ['join', 'resolve', 'URL', ...ECMASCRIPT_READ_CALLS, ...PROCESS_STARTERS],
    starts: PROCESS_STARTERS,
    of: ecmascriptHandedPaths,
    readCalls: ECMASCRIPT_READ_CALLS,
    folders: ecmascriptFolders,
    // Code run from a computed path, and the modules a command-line framework runs by convention
    // (commander's executable subcommands, yargs's commandDir).
    runs: { calls: [...ECMASCRIPT_RUN_CALLS, ...COMMAND_MODULE_CALLS], folders: (path, text) => [...ecmascriptRunFolders(path, text), ...commandModules(path, text)] },
  },
  // A file without import or export is a classic script: browsers share its top-level names.
  scripts: true,
  exportModel: 'declared',
  starConflicts: 'ambiguous',
  resolveModule(specifier, fromPath, env): ModuleTarget {
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const base = specifier.startsWith('/') ? specifier.slice(1) : joinPath(dirname(fromPath), specifier);
      if (base === null) return { kind: 'unresolved' };
      const found = relativeTarget(base, env);
      return found ? { kind: 'file', path: found } : { kind: 'unresolved' };
    }
    const mapped = mappedFiles(compilerSettings(fromPath, env), specifier, env).next();
    return mapped.done ? resolveBare(specifier, fromPath, env) : { kind: 'file', path: mapped.value };
  },
  otherProjectTargets(env, projects) {
    const all = mappingSettings(projects, env);
    // The answer depends on the specifier alone: a package imported in a thousand files is looked up once.
    const memo = new Map<string, string[]>();
    return (specifier) => {
      if (specifier.startsWith('.') || specifier.startsWith('/') || all.length === 0) return [];
      const known = memo.get(specifier);
      if (known) return known;
      const found = [...new Set(all.flatMap((settings) => [...mappedFiles(settings, specifier, env)]))].sort();
      memo.set(specifier, found);
      return found;
    };
  },
};

/**
 * The files compiler settings map a bare specifier to, in the order the compiler tries them: each
 * `paths` target the tree has, then the file under `baseUrl`. Lazy: resolution takes the first.
 */
function* mappedFiles(settings: CompilerSettings, specifier: string, env: ModuleEnv): Generator<string> {
  for (const base of matchPaths(settings, specifier)) {
    // A target written with its extension (`"preact": ["../src/index.js"]`) is that file when it
    // exists, as TypeScript takes it, even with a declaration file beside it.
    const found = (hasExtension(base) && env.exists(base) ? base : undefined) ?? fileCandidates(base).find((p) => env.exists(p));
    if (found) yield found;
  }
  const base = settings.baseUrl === undefined ? null : joinPath(settings.baseUrl, specifier);
  const found = base === null ? undefined : fileCandidates(base).find((p) => env.exists(p));
  if (found) yield found;
}

/**
 * A relative specifier's file: the file itself or with an extension, else the folder's
 * `package.json` entry (`require('./lib')` of a folder whose manifest says `"main": "./main.js"`, as
 * Node and the bundlers load it), else its index.
 */
function relativeTarget(base: string, env: ModuleEnv): string | undefined {
  const candidates = fileCandidates(base);
  const index = base === '' ? 'index' : `${base}/index`;
  const file = candidates.find((p) => !p.startsWith(index) && env.exists(p));
  if (file) return file;
  const manifestPath = base === '' ? 'package.json' : `${base}/package.json`;
  const manifest = env.projectFile(manifestPath);
  const entry = manifest && resolvePackage(manifestPath, manifest, '.', env);
  return entry || candidates.find((p) => p.startsWith(index) && env.exists(p));
}

const EXTENSION = /\.(?:[cm]?[jt]sx?|d\.[cm]?ts)$/;

function hasExtension(path: string): boolean {
  return EXTENSION.test(path);
}

function resolveBare(specifier: string, fromPath: string, env: ModuleEnv): ModuleTarget {
  if (specifier.startsWith('#')) return resolveSubpathImport(specifier, fromPath, env);
  const { name, subpath } = splitPackageSpecifier(specifier);
  const packages = selfNamed(env.packagesNamed(name));
  // Two packages of one name (fixtures, examples) leave the choice to the package manager: unknown.
  if (packages.length > 1) return { kind: 'unresolved' };
  const own = packages[0] ?? linkedPackage(name, fromPath, env);
  if (!own) return { kind: 'external', name };
  const found = resolvePackage(own.path, own.facts, subpath, env);
  return found ? { kind: 'file', path: found } : { kind: 'unresolved' };
}

/**
 * The package of the tree a dependency installed under another name stands for (`"corelib":
 * "file:../core"`, `link:`, `portal:`, pnpm's `"corelib": "workspace:@m/core@*"`), declared by the
 * nearest manifest above the importer that declares `name`, as the package manager links it into
 * that package's `node_modules`; undefined when none does.
 */
function linkedPackage(name: string, fromPath: string, env: ModuleEnv): { path: string; facts: ProjectFileFacts } | undefined {
  for (let dir: string | null = dirname(fromPath); dir !== null; dir = dir === '' ? null : dirname(dir)) {
    const link = asPackageManifest(env.projectFile(dir === '' ? 'package.json' : `${dir}/package.json`))?.links?.[name];
    if (!link) continue;
    if ('name' in link) {
      const named = selfNamed(env.packagesNamed(link.name));
      return named.length === 1 ? named[0] : undefined;
    }
    const target = joinPath(dir, link.path);
    if (target === null) return undefined;
    const path = target === '' ? 'package.json' : `${target}/package.json`;
    const facts = env.projectFile(path);
    return facts ? { path, facts } : undefined;
  }
  return undefined;
}

/**
 * Of packages sharing one name, the outermost when every other one lies inside its folder: an
 * example app or test workspace that names itself after the library it demonstrates (and depends
 * on it through `file:..`) stands for the library, whose sources an import of the name means
 * (issue 21). Siblings of one name stay ambiguous.
 */
function selfNamed<T extends { path: string }>(packages: readonly T[]): readonly T[] {
  if (packages.length <= 1) return packages;
  const folder = (p: T) => dirname(p.path);
  const outer = packages.find((candidate) => {
    const dir = folder(candidate);
    return packages.every((other) => other === candidate || dir === '' || folder(other).startsWith(`${dir}/`));
  });
  return outer ? [outer] : packages;
}

/** `#internal` specifiers: the `imports` map of the nearest package.json. */
function resolveSubpathImport(specifier: string, fromPath: string, env: ModuleEnv): ModuleTarget {
  for (let dir: string | null = dirname(fromPath); dir !== null; dir = dir === '' ? null : dirname(dir)) {
    const path = dir === '' ? 'package.json' : `${dir}/package.json`;
    const facts = env.projectFile(path);
    if (!facts) continue;
    // Targets in written order, the first answering: a path mapped to source, or a target naming a
    // package (`"#core": "@m/core"`, `"#dep/*": "@m/dep/*"`), as Node resolves it from this folder.
    const targets = importTargets(path, facts, specifier, env);
    for (const target of targets) {
      if ('file' in target) return { kind: 'file', path: target.file };
      const bare = resolveBare(target.bare, path, env);
      if (bare.kind !== 'unresolved') return bare;
    }
    // A package name no package answers, read as a path beside the manifest.
    const found = targets.some((t) => 'bare' in t) ? resolvePackage(path, facts, specifier, env, 'imports') : undefined;
    return found ? { kind: 'file', path: found } : { kind: 'unresolved' };
  }
  return { kind: 'unresolved' };
}

/**
 * Untyped JavaScript: a name matched across the repository is the callee less often than in
 * TypeScript, where most receivers have a type and what is left to guess is rarer. Measured against
 * the TypeScript checker's strict call sites (bench/README.md, issue 21): `name-only` 0.216 on axios
 * (74 edges) and 0.354 on preact (48), pooled 0.27; `ambiguous` 0.025 (406) and 0.284 (95), pooled
 * 0.074; TypeScript repositories measure 0.72-0.90 and 0.18-0.34. Declared at or under the pooled
 * figures, as Python declares its own `ambiguous`; both stay below 0.5, so no selection changes.
 */
export const javascriptResolution: ResolutionTraits = {
  ...ecmascriptResolution,
  ruleConfidence: { 'name-only': 0.25, ambiguous: 0.05 },
};

