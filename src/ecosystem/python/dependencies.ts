import { parse as parseToml } from 'smol-toml';
import type { DependencyReaders, LockedPackages, ManifestDiff } from '../types.js';
import { readIni } from './read-ini.js';

/**
 * Python's manifests and lockfiles, read statically: requirements files, pyproject.toml
 * (`[project]` dependencies and optional dependencies, `[dependency-groups]`, Poetry's groups),
 * setup.cfg (`install_requires`, `extras_require`), and the poetry.lock, pdm.lock, uv.lock and
 * Pipfile.lock lockfiles. Package names are normalized as PEP 503 says (`Jinja2` = `jinja2`,
 * `typing_extensions` = `typing-extensions`).
 */
export const pythonDependencies: DependencyReaders = {
  manifest: (path) => /(^|\/)(requirements[^/]*\.(txt|in)|pyproject\.toml|setup\.cfg|setup\.py|Pipfile)$/.test(path),
  lockfile: (path) => /(^|\/)(poetry\.lock|pdm\.lock|uv\.lock|Pipfile\.lock)$/.test(path),
  diffManifest(path, before, after) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name === 'pyproject.toml') return diffPyproject(before, after);
    if (name === 'setup.cfg') return diffSetupCfg(before, after);
    if (name === 'Pipfile') return diffSections(tomlOr(before), tomlOr(after), PIPFILE);
    // setup.py is code: the requirements it computes are not read.
    if (name === 'setup.py') return { packages: [], fields: ['setup.py (its requirements are computed by code)'], runner: [] };
    return diffRequirements(before, after);
  },
  readLockfile(path, text) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    return name === 'Pipfile.lock' ? readPipfileLock(text) : readTomlLock(text);
  },
  importNames,
};

/** PEP 503: a distribution's name as an index compares it. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** Distributions whose top-level module is not their name. */
const MODULES: Readonly<Record<string, readonly string[]>> = {
  pyyaml: ['yaml'],
  pillow: ['PIL'],
  beautifulsoup4: ['bs4'],
  'python-dateutil': ['dateutil'],
  'scikit-learn': ['sklearn'],
  'scikit-image': ['skimage'],
  'opencv-python': ['cv2'],
  'opencv-python-headless': ['cv2'],
  attrs: ['attr', 'attrs'],
  protobuf: ['google'],
  pyjwt: ['jwt'],
  'python-dotenv': ['dotenv'],
  'msgpack-python': ['msgpack'],
  pyserial: ['serial'],
  pycryptodome: ['Crypto'],
  'pycryptodomex': ['Cryptodome'],
  setuptools: ['setuptools', 'pkg_resources'],
  'typing-extensions': ['typing_extensions'],
  'importlib-metadata': ['importlib_metadata'],
  'importlib-resources': ['importlib_resources'],
  'markdown-it-py': ['markdown_it'],
  pymysql: ['pymysql'],
  'mysqlclient': ['MySQLdb'],
  'psycopg2-binary': ['psycopg2'],
  'google-cloud-storage': ['google'],
  'ruamel-yaml': ['ruamel'],
};

/** The names code imports a distribution by: its own name with `_` for `-`, or the known exceptions. */
export function importNames(pkg: string): string[] {
  const name = normalizeName(pkg);
  return [...new Set([...(MODULES[name] ?? []), name.replace(/-/g, '_')])].sort();
}

/** `Jinja2 >= 3.0 ; python_version >= "3.8"` → `jinja2`; null for what is no requirement. */
function requirementName(spec: string): string | null {
  const match = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec);
  return match ? normalizeName(match[1]!) : null;
}

/** Per package, its requirement lines (sorted): a changed set is a changed package. */
function byPackage(specs: Iterable<string>): Map<string, string> {
  const out = new Map<string, string[]>();
  for (const spec of specs) {
    const name = requirementName(spec);
    // The name as compared (`PyYAML` = `pyyaml`), then the rest without spaces.
    if (name) out.set(name, [...(out.get(name) ?? []), `${name}${spec.replace(/^\s*[A-Za-z0-9][A-Za-z0-9._-]*/, '').replace(/\s+/g, '')}`]);
  }
  return new Map([...out].map(([n, s]) => [n, s.sort().join('|')]));
}

function changedNames(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((n) => before.get(n) !== after.get(n)).sort();
}

function diffRequirements(before: string | null, after: string | null): ManifestDiff {
  const read = (text: string | null) => {
    const specs: string[] = [];
    const other: string[] = [];
    for (const raw of (text ?? '').split(/\r?\n/)) {
      const line = raw.replace(/(^|\s)#.*$/, '').trim();
      if (line === '') continue;
      // `-r other.txt`, `-c constraints.txt`, `-e .`, an index URL or a direct URL: not one package.
      if (line.startsWith('-') || line.includes('://') || line.startsWith('.') || line.startsWith('/')) other.push(line);
      else specs.push(line);
    }
    return { packages: byPackage(specs), other: other.sort().join('\n') };
  };
  const a = read(before);
  const b = read(after);
  return { packages: changedNames(a.packages, b.packages), fields: a.other === b.other ? [] : ['options (-r, -c, -e, an index or a URL)'], runner: [] };
}

/** What a changed part of a manifest means: packages, a runner's configuration, nothing, or run everything. */
type Part = 'packages' | 'runner' | 'inert';

/** pyproject.toml, by dotted key path; the longest known prefix decides, the rest runs everything. */
const PYPROJECT: Readonly<Record<string, Part>> = {
  'project.dependencies': 'packages',
  'project.optional-dependencies': 'packages',
  'dependency-groups': 'packages',
  'tool.poetry.dependencies': 'packages',
  'tool.poetry.dev-dependencies': 'packages',
  'tool.poetry.group': 'packages',
  'tool.pdm.dev-dependencies': 'packages',
  'tool.uv.dev-dependencies': 'packages',
  'tool.pytest': 'runner',
  'tool.tox': 'runner',
  'tool.nox': 'runner',
  'project.name': 'inert',
  'project.version': 'inert',
  'project.description': 'inert',
  'project.readme': 'inert',
  'project.authors': 'inert',
  'project.maintainers': 'inert',
  'project.license': 'inert',
  'project.license-files': 'inert',
  'project.keywords': 'inert',
  'project.classifiers': 'inert',
  'project.urls': 'inert',
  'tool.poetry.name': 'inert',
  'tool.poetry.version': 'inert',
  'tool.poetry.description': 'inert',
  'tool.poetry.authors': 'inert',
  'tool.poetry.readme': 'inert',
  'tool.poetry.homepage': 'inert',
  'tool.poetry.repository': 'inert',
  'tool.poetry.documentation': 'inert',
  'tool.poetry.keywords': 'inert',
  'tool.poetry.classifiers': 'inert',
  'tool.poetry.license': 'inert',
  'tool.ruff': 'inert',
  'tool.black': 'inert',
  'tool.isort': 'inert',
  'tool.mypy': 'inert',
  'tool.pyright': 'inert',
  'tool.pylint': 'inert',
  'tool.flake8': 'inert',
  'tool.codespell': 'inert',
  'tool.coverage': 'inert',
  'tool.towncrier': 'inert',
  'tool.bumpversion': 'inert',
  'tool.commitizen': 'inert',
  'tool.pydocstyle': 'inert',
  'tool.interrogate': 'inert',
  'tool.docformatter': 'inert',
  'tool.cibuildwheel': 'inert',
};

/** Pipfile sections. */
const PIPFILE: Readonly<Record<string, Part>> = { packages: 'packages', 'dev-packages': 'packages', source: 'packages', requires: 'packages' };

function diffPyproject(before: string | null, after: string | null): ManifestDiff {
  return diffSections(tomlOr(before), tomlOr(after), PYPROJECT);
}

function tomlOr(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  // An unreadable manifest is the caller's run-all (dependency-unattributed, with the parser's message).
  return parseToml(text) as Record<string, unknown>;
}

/** Compares two documents part by part (the deepest key a table names), each part by what it means. */
function diffSections(before: Record<string, unknown>, after: Record<string, unknown>, parts: Readonly<Record<string, Part>>): ManifestDiff {
  const out: ManifestDiff = { packages: [], fields: [], runner: [] };
  const packages = new Set<string>();
  const walk = (a: unknown, b: unknown, path: string[]): void => {
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    const key = path.join('.');
    const part = parts[key];
    if (part === 'inert') return;
    if (part === 'runner') {
      out.runner.push(key);
      return;
    }
    if (part === 'packages') {
      for (const name of changedNames(requirements(a), requirements(b))) packages.add(name);
      return;
    }
    const deeper = Object.keys(parts).some((k) => k.startsWith(`${key}.`) || key === '');
    if (deeper && isTable(a ?? {}) && isTable(b ?? {})) {
      const ta = (a ?? {}) as Record<string, unknown>;
      const tb = (b ?? {}) as Record<string, unknown>;
      for (const k of [...new Set([...Object.keys(ta), ...Object.keys(tb)])].sort()) walk(ta[k], tb[k], [...path, k]);
      return;
    }
    out.fields.push(key);
  };
  walk(before, after, []);
  out.packages = [...packages].sort();
  return out;
}

function isTable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The requirements a dependency part holds, by package: a list of PEP 508 strings, a table of them
 * (optional dependencies, groups), or a Poetry/Pipfile table of name → version or options.
 */
function requirements(value: unknown): Map<string, string> {
  const specs: string[] = [];
  const visit = (v: unknown, name?: string): void => {
    if (typeof v === 'string') specs.push(name === undefined ? v : `${name} ${v}`);
    else if (Array.isArray(v)) for (const item of v) visit(item);
    else if (isTable(v)) {
      for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
        // A table of lists (optional dependencies, groups), a Poetry group ({ dependencies }), or a
        // Poetry or Pipfile table of name → version string or options.
        if (Array.isArray(item) || k === 'dependencies' || (isTable(item) && 'dependencies' in (item as object))) visit(item);
        else specs.push(`${k} ${JSON.stringify(item)}`);
      }
    }
  };
  visit(value);
  return byPackage(specs);
}

function diffSetupCfg(before: string | null, after: string | null): ManifestDiff {
  const a = readIni(before ?? '');
  const b = readIni(after ?? '');
  const out: ManifestDiff = { packages: [], fields: [], runner: [] };
  const packages = new Set<string>();
  for (const section of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const sa = a.get(section) ?? new Map<string, string>();
    const sb = b.get(section) ?? new Map<string, string>();
    for (const key of [...new Set([...sa.keys(), ...sb.keys()])].sort()) {
      const va = sa.get(key);
      const vb = sb.get(key);
      if (va === vb) continue;
      if (section === 'tool:pytest') out.runner.push(`[${section}] ${key}`);
      else if ((section === 'options' && (key === 'install_requires' || key === 'setup_requires' || key === 'tests_require')) || section === 'options.extras_require') {
        const lines = (v: string | undefined) => (v ?? '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
        for (const name of changedNames(byPackage(lines(va)), byPackage(lines(vb)))) packages.add(name);
      } else if (section === 'metadata' || /^(flake8|isort|mypy.*|pycodestyle|pydocstyle|coverage:.*|bdist_wheel|codespell|pylint.*)$/.test(section)) continue;
      else out.fields.push(`[${section}] ${key}`);
    }
  }
  out.packages = [...packages].sort();
  return out;
}

/**
 * A package whose source is a folder of this repository: the project itself (uv lists it, `editable`
 * or `virtual`) or a path dependency inside it (`directory`; poetry: `type = "directory"` with its
 * `url`). Its code is indexed and its imports resolve inside the repository, so it is no installed
 * package: what a changed dependency does to it is what that dependency's importers show, and its
 * version is its manifest's. A folder outside the repository (`../lib`) stays a package.
 */
function isLocalSource(source: unknown): boolean {
  if (!isTable(source)) return false;
  const table = source as Record<string, unknown>;
  const folder = table['editable'] ?? table['virtual'] ?? table['directory'] ?? (table['type'] === 'directory' ? table['url'] : undefined);
  return typeof folder === 'string' && !folder.startsWith('/') && !/^[A-Za-z]:/.test(folder) && !folder.split(/[\\/]/).includes('..');
}

/** poetry.lock, pdm.lock and uv.lock: `[[package]]` with a name, a version, a source and its dependencies. */
function readTomlLock(text: string): LockedPackages {
  const doc = parseToml(text) as { package?: Record<string, unknown>[] };
  const parts = new Map<string, string[]>();
  const dependencies = new Map<string, Set<string>>();
  for (const entry of doc.package ?? []) {
    if (typeof entry['name'] !== 'string' || isLocalSource(entry['source'])) continue;
    const name = normalizeName(entry['name']);
    const fingerprint = JSON.stringify([entry['version'] ?? null, entry['source'] ?? null, entry['files'] ?? entry['sdist'] ?? entry['wheels'] ?? null]);
    parts.set(name, [...(parts.get(name) ?? []), fingerprint]);
    const deps = dependencies.get(name) ?? new Set<string>();
    const declared = entry['dependencies'];
    // Poetry: a table name → spec; uv: a list of { name }; pdm: a list of PEP 508 strings.
    if (Array.isArray(declared)) {
      for (const d of declared) {
        const n = typeof d === 'string' ? requirementName(d) : isTable(d) && typeof (d as { name?: unknown }).name === 'string' ? normalizeName((d as { name: string }).name) : null;
        if (n) deps.add(n);
      }
    } else if (isTable(declared)) for (const n of Object.keys(declared as object)) deps.add(normalizeName(n));
    dependencies.set(name, deps);
  }
  return { fingerprints: new Map([...parts].map(([n, p]) => [n, p.sort().join('\n')])), dependencies };
}

/** Pipfile.lock: JSON, `default` and `develop` tables of name → { version, hashes }; no dependency graph. */
function readPipfileLock(text: string): LockedPackages {
  const doc = JSON.parse(text) as Record<string, unknown>;
  const fingerprints = new Map<string, string>();
  for (const section of ['default', 'develop']) {
    const table = doc[section];
    if (!isTable(table)) continue;
    for (const [name, entry] of Object.entries(table as Record<string, unknown>)) {
      const key = normalizeName(name);
      fingerprints.set(key, [fingerprints.get(key), JSON.stringify(entry)].filter((x) => x !== undefined).join('\n'));
    }
  }
  return { fingerprints, dependencies: new Map() };
}
