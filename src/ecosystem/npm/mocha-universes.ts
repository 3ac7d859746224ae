import type { TestUniverse } from '../types.js';
import { unknownTests, type ConfigValues } from './config-values.js';
import type { ProjectContext } from './jest-universes.js';
import { rebaseOutputFile, rebaseOutputGlob } from './build-output.js';
import { NODE_TEST_DEFAULTS } from './conventions.js';
import { NODE_PRELOAD_OPTIONS, optionWord } from './node-options.js';
import { isScript, joinRepo, resolveFile, treeFiles } from './repo-paths.js';
import { loaderStripsTypes } from './type-stripping.js';

/**
 * Pure: the test universe of a mocha configuration (`.mocharc.*` or package.json `mocha`; null:
 * mocha's defaults, `./test/*.{js,cjs,mjs}`). A directory in `spec` means its files of the
 * configured extensions (recursively with `recursive`); `require` and `file` are loaded first.
 */
export function mochaUniverse(dir: string, configFile: string | null, config: ConfigValues | null, ctx: ProjectContext, runs: readonly MochaRun[] = [], scripts: readonly string[] = []): TestUniverse {
  const warnings: string[] = [];
  // Each script's mocha run: its command-line specs join the config's (mocha concatenates arrays).
  const include = (runs.length > 0 ? runs : [{ specs: [], recursive: false, extensions: [], requires: [], nodeOptions: [] }]).flatMap((run) => {
    const extensions = [...new Set([...(config?.strings('extension') ?? ['js', 'cjs', 'mjs']), ...run.extensions])].map((e) => e.replace(/^\./, ''));
    const ext = extensions.length === 1 ? extensions[0]! : `{${extensions.join(',')}}`;
    const recursive = run.recursive || (config?.boolean('recursive') ?? false);
    const specs = [...(config?.strings('spec') ?? []), ...run.specs];
    return (specs.length > 0 ? specs : ['./test']).flatMap((spec) => {
      const path = joinRepo(dir, spec);
      if (path === null) return [];
      const rel = path === dir ? '' : dir === '' ? path : path.slice(dir.length + 1);
      const isDir = !/[*?{[]/.test(rel) && ctx.dirs.includes(path);
      const glob = isDir ? `${rel}/${recursive ? '**/' : ''}*.${ext}` : rel;
      // A spec naming compiled output (not in the tree): the sources it is compiled from.
      const rebased = configFile === null ? glob : (rebaseOutputGlob(glob, dir, ctx.paths) ?? glob);
      if (rebased !== glob) warnings.push(`${configFile}: spec ${spec} names no file of the tree (build output?); its tests are taken as ${rebased}.`);
      return [{ glob: rebased }];
    });
  });
  const preloads = [...(config?.strings('node-option') ?? []), ...runs.flatMap((r) => r.nodeOptions)].flatMap(preloadOf);
  // A custom interface (`ui: './test/ui.js'`, which defines describe and it) and a reporter of the
  // tree run in the process of every spec as a required module does (bdd, spec and other built-in
  // names resolve to no file).
  const loaded = ['require', 'file', 'ui', 'reporter'].flatMap((field) => config?.strings(field) ?? []);
  const setupFiles = [...loaded, ...runs.flatMap((r) => r.requires), ...preloads].flatMap((spec) => {
    const file = resolveFile(dir, spec, ctx.exists);
    if (file === null) return [];
    if (ctx.exists(file)) return [file];
    const source = rebaseOutputFile(file, ctx.exists);
    if (source !== null) warnings.push(`${configFile}: ${spec} is not in the tree (build output?); its source ${source} is taken as the setup file.`);
    return source === null ? [] : [source];
  });
  if (configFile !== null && isScript(configFile)) setupFiles.push(configFile);
  // What compiles a TypeScript spec: a module it requires or node preloads, where all are known.
  const compiling = [...loaded, ...runs.flatMap((r) => r.requires), ...preloads];
  const known = config === null || config.unknownOf(['require', 'node-option']).length === 0;
  const ofTree = (spec: string) => resolveFile(dir, spec, ctx.exists) !== null;
  return {
    ...(known && loaderStripsTypes(compiling, ofTree, false, scripts, ctx.typeReading === true)),
    ecosystem: 'npm',
    runner: 'mocha',
    configFile,
    root: dir,
    roots: [],
    include,
    exclude: [...(config?.strings('ignore') ?? []).map((glob) => ({ glob: glob.replace(/^\.\//, '') })), { glob: '**/node_modules/**' }],
    setupFiles: [...new Set(setupFiles)].sort(),
    aliases: [],
    warnings: config ? [...new Set([...config.warnings, ...warnings])] : [],
    // Which files are tests (`spec`, and the `extension` and `recursive` a directory spec is read
    // with) also when a spread may set them; `require` and `file` when written and computed.
    ...unknownTests(config, ['require', 'file', 'node-option'], ['spec', 'extension', 'recursive']),
  };
}

/**
 * The module a mocha `node-option` preloads in the node process running the specs, or none:
 * mocha passes each as `--<option>` to node (`import=./test/register.mjs`, `require=./setup.js`).
 */
function preloadOf(option: string): string[] {
  const [flag, value] = optionWord(`--${option}`);
  return NODE_PRELOAD_OPTIONS.has(flag) && value !== undefined && value !== '' ? [value] : [];
}

/** One mocha run a package script starts: what its command line adds to the config. */
export interface MochaRun {
  specs: string[];
  recursive: boolean;
  extensions: string[];
  /** `--require`/`-r` and `--file` modules, and a custom `--ui` or `--reporter`: loaded with every spec, as the config's are. */
  requires: string[];
  /** `--node-option`/`-n` values (`import=./register.mjs`): node options of the process running the specs. */
  nodeOptions: string[];
}

/** mocha options that take a value: the word after them is no spec. */
const MOCHA_VALUE_OPTIONS = new Set(['--config', '--package', '--extension', '--file', '--ignore', '--exclude', '--require', '-r', '--spec', '--reporter', '-R', '--reporter-option', '--reporter-options', '-O', '--ui', '-u', '--timeout', '-t', '--slow', '-s', '--grep', '-g', '--fgrep', '-f', '--retries', '--jobs', '-j', '--node-option', '-n', '--watch-files', '--watch-ignore']);

/**
 * Pure: each mocha run the package's scripts start, with its specs, `--recursive` and
 * `--extension`s (`mocha --recursive`, `mocha 'test/**\/*.spec.js'`, `mocha --spec test/unit`):
 * mocha runs them whatever its config says, so the universe counts them too.
 */
export function mochaRuns(scripts: readonly string[]): MochaRun[] {
  const runs: MochaRun[] = [];
  for (const script of scripts) {
    for (const m of script.matchAll(/(?:^|[\s/])mocha(?:\s+([^&|;]*))?(?=$|[&|;])/g)) {
      const run: MochaRun = { specs: [], recursive: false, extensions: [], requires: [], nodeOptions: [] };
      const words = (m[1] ?? '').trim().split(/\s+/).filter((w) => w !== '').map((w) => w.replace(/^['"]|['"]$/g, ''));
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        const [flag, inline] = word.startsWith('--') && word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
        if (flag === '--recursive') run.recursive = true;
        else if (flag === '--spec' || flag === '--extension') {
          const value = inline ?? words[++i];
          if (value !== undefined) (flag === '--spec' ? run.specs : run.extensions).push(...value.split(','));
        } else if (['--require', '-r', '--file', '--ui', '-u', '--reporter', '-R'].includes(flag)) {
          const value = inline ?? words[++i];
          if (value !== undefined) run.requires.push(value);
        } else if (flag === '--node-option' || flag === '-n') {
          // mocha splits its list options at commas: `-n import=./a.mjs,require=./b.js`.
          const value = inline ?? words[++i];
          if (value !== undefined) run.nodeOptions.push(...value.split(','));
        } else if (MOCHA_VALUE_OPTIONS.has(flag)) {
          if (inline === undefined) i++;
        } else if (!word.startsWith('-')) run.specs.push(word);
      }
      runs.push(run);
    }
  }
  return runs;
}

/** Pure: the universe of `node --test [patterns]` as a package script writes it, with the modules its options preload. */
export function nodeTestUniverse(dir: string, script: string, manifest: string, exists: (path: string) => boolean = () => true, typeReading = false): TestUniverse {
  const at = script.indexOf('--test');
  const before = script.slice(0, at).split(/&&|\|\||;/).pop() ?? '';
  const after = script.slice(at + '--test'.length).split(/&&|\|\||;/)[0] ?? '';
  const words = (text: string) => text.split(/\s+/).map((a) => a.replace(/^['"]|['"]$/g, '')).filter((a) => a !== '');
  const preloads: string[] = [];
  const args: string[] = [];
  const all = [...words(before).map((w) => ({ w, after: false })), ...words(after).map((w) => ({ w, after: true }))];
  for (let i = 0; i < all.length; i++) {
    const { w } = all[i]!;
    const [flag, inline] = optionWord(w);
    if (NODE_PRELOAD_OPTIONS.has(flag)) {
      const value = inline ?? all[++i]?.w;
      if (value !== undefined) preloads.push(value);
    } else if (all[i]!.after && !w.startsWith('-')) args.push(w);
  }
  const include = (args.length > 0 ? args.map((a) => (/[*?{[]/.test(a) || /\.[cm]?[jt]s$/.test(a) ? a.replace(/^\.\//, '') : `${a.replace(/^\.\//, '').replace(/\/$/, '')}/**/*.{cjs,mjs,js,ts,mts,cts}`)) : NODE_TEST_DEFAULTS).map((glob) => ({ glob }));
  // A preloaded package (`--import tsx`) is no file of the tree.
  const setupFiles = treeFiles(dir, preloads, exists);
  const ofTree = (spec: string) => treeFiles(dir, [spec], exists).length > 0;
  return {
    ...loaderStripsTypes(preloads, ofTree, true, [script], typeReading),
    ecosystem: 'npm',
    runner: 'node',
    configFile: manifest,
    root: dir,
    roots: [],
    include,
    exclude: [{ glob: '**/node_modules/**' }],
    setupFiles: [...new Set(setupFiles)].sort(),
    aliases: [],
    warnings: [],
  };
}
