import { parse as parseToml } from 'smol-toml';
import { isCiWorkflow } from '../ci-workflows.js';
import type { ProjectFiles } from '../types.js';
import { iniList, readIni } from './read-ini.js';

/** The collection options of one pytest configuration file. */
export interface PytestOptions {
  configFile: string;
  testpaths?: string[];
  pythonFiles?: string[];
  norecursedirs?: string[];
  pythonClasses?: string[];
  pythonFunctions?: string[];
  /** `addopts` passes `--doctest-modules`: every module's docstring examples are tests. */
  doctestModules?: boolean;
  /** Modules `addopts` loads as plugins (`-p name`, dotted), for every test; `-p no:name` disables one and is left out. */
  plugins?: string[];
  /** `pythonpath`: folders (relative to the rootdir) pytest puts on `sys.path`. */
  pythonpath?: string[];
  /** pytest-django's settings module (`DJANGO_SETTINGS_MODULE`, or `--ds` in `addopts`): Django loads it before every test. */
  djangoSettings?: string[];
  /** `addopts`' `--doctest-glob` patterns: text files matching one are tests too. */
  doctestGlobs?: string[];
  /** `usefixtures`: fixtures pytest applies to every test, as a `usefixtures` mark on each would. */
  usefixtures?: string[];
}

/**
 * The pytest configuration of one directory, by pytest's precedence (`locate_config`): pytest.toml
 * and .pytest.toml (their `[pytest]` table, even empty), pytest.ini and .pytest.ini (even without a
 * [pytest] section), then pyproject.toml with `[tool.pytest]` (pytest 9's native TOML table) or
 * [tool.pytest.ini_options], then tox.ini with [pytest], then setup.cfg with [tool:pytest].
 * Undefined when none configures pytest. A file that cannot be parsed is reported in `warnings`
 * and skipped, as if it said nothing.
 */
export function pytestOptionsIn(dir: string, files: ProjectFiles, warnings: string[]): PytestOptions | undefined {
  return configuredIn(dir, files, warnings);
}

/**
 * The options tox and nox give pytest on its command line in `dir` (tox.ini `commands` of each
 * `[testenv]`, noxfile.py `session.run("pytest", ...)`), and a Makefile's or a justfile's recipes
 * there, or for the root a CI workflow's steps (GitHub's `run:`, GitLab's `script:`), which no
 * configuration file says: `pytest --doctest-modules boltons tests` collects docstring examples as
 * tests, `-p` loads a plugin, as in `addopts`, and the paths it names are collected whatever
 * `testpaths` says; so does a PYTEST_ADDOPTS those files set. Undefined when no command says any.
 */
export function commandLineOptions(dir: string, files: ProjectFiles): Pick<PytestOptions, 'doctestModules' | 'plugins' | 'doctestGlobs' | 'testpaths'> | undefined {
  const at = (name: string): string => (dir === '' ? name : `${dir}/${name}`);
  const lines: string[][] = [];
  const tox = files.read(at('tox.ini'));
  if (tox !== null) {
    for (const [name, section] of readIni(tox)) {
      if (name !== 'testenv' && !name.startsWith('testenv:')) continue;
      for (const line of (section.get('commands') ?? '').split(/\r?\n/)) lines.push(line.trim().split(/\s+/));
    }
  }
  const nox = files.read(at('noxfile.py'));
  if (nox !== null) {
    for (const call of nox.matchAll(/\.run\(([^)]*)\)/g)) lines.push([...call[1]!.matchAll(/(["'])(.*?)\1/g)].map((m) => m[2]!));
  }
  const recipes = files.paths.filter((p) => isRecipeFile(p, dir)).map((p) => files.read(p) ?? '');
  for (const text of recipes) lines.push(...shellLines(text));
  const args = lines.flatMap((words) => {
    const k = words.findIndex((w) => /(?:^|\/)(?:py\.test|pytest)$/.test(w));
    // `pip install pytest pytest-cov` installs it: the words after it are packages, not options.
    return k < 0 || words.slice(0, k).some((w) => w === 'install' || w === 'add') ? [] : [words.slice(k + 1).join(' ')];
  });
  // PYTEST_ADDOPTS set where the commands are (a workflow's `env:`, tox's `setenv`, a shell
  // assignment, nox's `session.env`): pytest adds it to every run's options, paths aside.
  const texts = [tox ?? '', nox ?? '', ...recipes];
  const environment = texts.flatMap((text) => [...text.matchAll(ADDOPTS_ASSIGNMENT)].map((m) => m[1] ?? m[2] ?? m[3]!));
  // PYTEST_PLUGINS set there too: pytest imports each module it lists, as `-p` does.
  const named = texts.flatMap((text) => [...text.matchAll(PLUGINS_ASSIGNMENT)].flatMap((m) => (m[1] ?? m[2] ?? m[3]!).split(',').map((n) => n.trim()).filter((n) => n !== '').map((n) => `-p ${n}`)));
  const given = [...args, ...environment, ...named];
  const out = compact({ configFile: '', doctestModules: doctestModules(given), plugins: plugins(given), doctestGlobs: doctestGlobs(given), testpaths: positional(args) });
  const { configFile: _none, ...options } = out;
  return Object.keys(options).length > 0 ? options : undefined;
}

/**
 * `NAME=...`, `NAME: ...`, `["NAME"] = "..."` (a shell line, a workflow's `env:`, nox's
 * `session.env`): its value quoted, or unquoted to the end of the line (`words`: to the first space).
 */
function environmentAssignment(name: string, words: boolean): RegExp {
  return new RegExp(`${name}["'\\]]?\\s*[:=]\\s*(?:"([^"\\n]*)"|'([^'\\n]*)'|([^\\s"'#][^${words ? '\\s' : '\\n'}#]*))`, 'g');
}

/** PYTEST_ADDOPTS: options, to the end of the line. */
const ADDOPTS_ASSIGNMENT = environmentAssignment('PYTEST_ADDOPTS', false);
/** PYTEST_PLUGINS: comma-separated modules (`a.plug,b.plug`). */
const PLUGINS_ASSIGNMENT = environmentAssignment('PYTEST_PLUGINS', true);

/** Where a project writes its test commands as shell lines: make and just recipes, CI workflows. */
const RECIPE_FILES = /(?:^|\/)(?:Makefile|GNUmakefile|[^/]*\.mk|[Jj]ustfile)$/;

/** Whether `path` holds test commands for the pytest run of `dir`: a recipe file there; a workflow, for the root. */
function isRecipeFile(path: string, dir: string): boolean {
  if (dir === '' && isCiWorkflow(path)) return true;
  return RECIPE_FILES.test(path) && path.slice(0, path.lastIndexOf('/') + 1) === (dir === '' ? '' : `${dir}/`);
}

/**
 * A file's shell commands as words: lines continued with `\` joined, each split at `&&`, `||`
 * and `;`, quotes taken off the words (`run: "pytest -p x"`, `- cd . && python -m pytest`).
 */
function shellLines(text: string): string[][] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n|&&|\|\||;/)
    .map((line) => line.trim().split(/\s+/).map((w) => w.replace(/^["']+|["']+$/g, '')).filter((w) => w !== ''));
}

/** pytest options whose value is the next word, not a path to collect. */
const VALUE_OPTIONS = new Set(['-p', '-k', '-m', '-c', '-o', '--rootdir', '--ignore', '--ignore-glob', '--deselect', '--doctest-glob', '--ds', '--cov', '--cov-report', '--basetemp', '--confcutdir', '--import-mode', '-n', '--junitxml', '--maxfail', '--tb', '-W']);

/**
 * The paths a pytest command line collects (`pytest --doctest-modules lib tests`): they stand for
 * `testpaths` in that run. tox's `{tox_root}/tests` is `tests`; `{env_site_packages_dir}/pkg`, the
 * installed copy of the project's package, is `pkg`; other substitutions (`{posargs}`) are left out.
 * With `--pyargs`, a dotted name is also that package's folder, under any folder of the tree.
 */
function positional(args: readonly string[]): string[] | undefined {
  const words = args.flatMap((a) => a.split(/\s+/)).filter((w) => w !== '');
  // `--pyargs lib.selfcheck` names a package by its dotted name: its folder, wherever the import path holds it.
  const pyargs = words.includes('--pyargs');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (VALUE_OPTIONS.has(word)) i++;
    if (word.startsWith('-')) continue;
    const path = word.replace(/^\{(?:tox_root|toxinidir|env_site_packages_dir|envsitepackagesdir)\}\//, '').replace(/^\.\//, '');
    if (path !== '' && !/[{$]/.test(path) && !path.includes('::')) out.push(path.replace(/\/$/, ''));
    if (pyargs && /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(word)) out.push(`**/${word.replace(/\./g, '/')}`);
  }
  return out.length > 0 ? out : undefined;
}

function configuredIn(dir: string, files: ProjectFiles, warnings: string[]): PytestOptions | undefined {
  const at = (name: string): string => (dir === '' ? name : `${dir}/${name}`);
  for (const name of ['pytest.toml', '.pytest.toml']) {
    const table = readToml(at(name), files, warnings, (doc) => (isTable(doc['pytest']) ? doc['pytest'] : {}));
    if (table) return fromToml(at(name), table);
  }
  for (const name of ['pytest.ini', '.pytest.ini']) {
    const ini = files.read(at(name));
    if (ini !== null) return fromIni(at(name), readIni(ini).get('pytest'));
  }
  const options = readToml(at('pyproject.toml'), files, warnings, (doc) => {
    const tool = isTable(doc['tool']) ? doc['tool'] : {};
    const pytest = isTable(tool['pytest']) ? tool['pytest'] : {};
    // [tool.pytest] with keys of its own is pytest 9's native table; else [tool.pytest.ini_options].
    const native = Object.fromEntries(Object.entries(pytest).filter(([key]) => key !== 'ini_options'));
    if (Object.keys(native).length > 0) return native;
    return isTable(pytest['ini_options']) ? pytest['ini_options'] : undefined;
  });
  if (options) return fromToml(at('pyproject.toml'), options);
  const tox = files.read(at('tox.ini'));
  const toxSection = tox === null ? undefined : readIni(tox).get('pytest');
  if (toxSection) return fromIni(at('tox.ini'), toxSection);
  const cfg = files.read(at('setup.cfg'));
  const cfgSection = cfg === null ? undefined : readIni(cfg).get('tool:pytest');
  if (cfgSection) return fromIni(at('setup.cfg'), cfgSection);
  return undefined;
}

type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The table `pick` takes from a TOML file, or undefined when the file is absent, says nothing to pytest, or cannot be parsed (reported). */
function readToml(path: string, files: ProjectFiles, warnings: string[], pick: (doc: Table) => Table | undefined): Table | undefined {
  const text = files.read(path);
  if (text === null) return undefined;
  try {
    return pick(parseToml(text) as Table);
  } catch (error) {
    warnings.push(`${path} is not valid TOML (${(error as Error).message.split('\n')[0]}): pytest's defaults used`);
    return undefined;
  }
}

function fromIni(configFile: string, section: Map<string, string> | undefined): PytestOptions {
  return compact({
    configFile,
    testpaths: iniList(section?.get('testpaths')),
    pythonFiles: iniList(section?.get('python_files')),
    norecursedirs: iniList(section?.get('norecursedirs')),
    pythonClasses: iniList(section?.get('python_classes')),
    pythonFunctions: iniList(section?.get('python_functions')),
    doctestModules: doctestModules(iniList(section?.get('addopts'))),
    plugins: plugins(iniList(section?.get('addopts'))),
    pythonpath: iniList(section?.get('pythonpath')),
    djangoSettings: djangoSettings(section?.get('django_settings_module'), iniList(section?.get('addopts'))),
    doctestGlobs: doctestGlobs(iniList(section?.get('addopts'))),
    usefixtures: iniList(section?.get('usefixtures')),
  });
}

/** pytest-django's settings module: the ini key, else `--ds=x` / `--ds x` in addopts. */
function djangoSettings(key: string | undefined, addopts: readonly string[] | undefined): string[] | undefined {
  const words = (addopts ?? []).flatMap((a) => a.split(/\s+/));
  const ds = words.flatMap((w, i) => (w.startsWith('--ds=') ? [w.slice(5)] : w === '--ds' && words[i + 1] ? [words[i + 1]!] : []));
  const all = [...(key?.trim() ? [key.trim()] : []), ...ds];
  return all.length > 0 ? all : undefined;
}

/** The plugins pytest's `addopts` load: `-p name` and `-pname`, not `-p no:name`. */
function plugins(addopts: readonly string[] | undefined): string[] | undefined {
  const words = (addopts ?? []).flatMap((a) => a.split(/\s+/)).filter((w) => w !== '');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const name = word === '-p' ? words[++i] : word.startsWith('-p') && !word.startsWith('--') ? word.slice(2) : undefined;
    if (name !== undefined && name !== '' && !name.startsWith('no:')) out.push(name);
  }
  return out.length > 0 ? out : undefined;
}

/** The patterns of pytest's `--doctest-glob` in `addopts` (`--doctest-glob="*.rst"`, `--doctest-glob *.md`). */
function doctestGlobs(addopts: readonly string[] | undefined): string[] | undefined {
  const words = (addopts ?? []).flatMap((a) => a.split(/\s+/)).filter((w) => w !== '');
  const out = words.flatMap((w, i) => (w.startsWith('--doctest-glob=') ? [w.slice('--doctest-glob='.length)] : w === '--doctest-glob' && words[i + 1] ? [words[i + 1]!] : []));
  const globs = out.map((g) => g.replace(/^['"]|['"]$/g, '')).filter((g) => g !== '');
  return globs.length > 0 ? globs : undefined;
}

/** Whether pytest's `addopts` turn doctest collection of modules on. */
function doctestModules(addopts: readonly string[] | undefined): boolean | undefined {
  return addopts?.some((a) => a.split(/\s+/).includes('--doctest-modules')) ? true : undefined;
}

function fromToml(configFile: string, options: Record<string, unknown>): PytestOptions {
  const list = (value: unknown): string[] | undefined =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? iniList(value) : undefined;
  return compact({
    configFile,
    testpaths: list(options['testpaths']),
    pythonFiles: list(options['python_files']),
    norecursedirs: list(options['norecursedirs']),
    pythonClasses: list(options['python_classes']),
    pythonFunctions: list(options['python_functions']),
    doctestModules: doctestModules(list(options['addopts'])),
    plugins: plugins(list(options['addopts'])),
    pythonpath: list(options['pythonpath']),
    djangoSettings: djangoSettings(typeof options['DJANGO_SETTINGS_MODULE'] === 'string' ? options['DJANGO_SETTINGS_MODULE'] : undefined, list(options['addopts'])),
    doctestGlobs: doctestGlobs(list(options['addopts'])),
    usefixtures: list(options['usefixtures']),
  });
}

function compact(options: { [K in keyof PytestOptions]: PytestOptions[K] | undefined }): PytestOptions {
  const out: PytestOptions = { configFile: options.configFile! };
  for (const key of ['testpaths', 'pythonFiles', 'norecursedirs', 'pythonClasses', 'pythonFunctions', 'plugins', 'pythonpath', 'djangoSettings', 'doctestGlobs', 'usefixtures'] as const) {
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  if (options.doctestModules) out.doctestModules = true;
  return out;
}
