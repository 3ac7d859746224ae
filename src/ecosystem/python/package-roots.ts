import { parse as parseToml } from 'smol-toml';
import type { ProjectFiles } from '../types.js';
import { readIni } from './read-ini.js';

/**
 * Pure: the folders a project's packaging installs its packages from, relative to `dir`, where
 * they are not the project folder itself: setuptools' `package-dir` / `package_dir` (`"" = "lib"`)
 * and `packages.find` `where` (pyproject.toml, setup.cfg, setup.py), Poetry's `packages = [{
 * include, from }]`, hatch's wheel `packages = ["lib/pkg"]`. An editable install puts them on
 * `sys.path`, so `import pkg` in a test loads `lib/pkg` although no root of the repository holds it.
 * A file that cannot be parsed says nothing.
 */
export function packageRoots(dir: string, files: ProjectFiles): string[] {
  const at = (name: string): string => (dir === '' ? name : `${dir}/${name}`);
  const out: string[] = [];
  const pyproject = files.read(at('pyproject.toml'));
  if (pyproject !== null) {
    try {
      const tool = (parseToml(pyproject) as { tool?: Record<string, unknown> }).tool ?? {};
      const setuptools = record(tool['setuptools']);
      out.push(...strings(record(setuptools?.['package-dir'])?.['']));
      out.push(...strings(record(record(setuptools?.['packages'])?.['find'])?.['where']));
      for (const p of Array.isArray(record(tool['poetry'])?.['packages']) ? (record(tool['poetry'])!['packages'] as unknown[]) : []) out.push(...strings(record(p)?.['from']));
      const wheel = record(record(record(record(tool['hatch'])?.['build'])?.['targets'])?.['wheel']);
      for (const p of strings(wheel?.['packages'])) if (p.includes('/')) out.push(p.slice(0, p.lastIndexOf('/')));
    } catch {
      // Not TOML: the pytest reader warns about it.
    }
  }
  const cfg = files.read(at('setup.cfg'));
  if (cfg !== null) {
    const ini = readIni(cfg);
    const packageDir = ini.get('options')?.get('package_dir');
    for (const line of packageDir?.split('\n') ?? []) {
      const m = /^\s*=\s*(\S+)\s*$/.exec(line);
      if (m) out.push(m[1]!);
    }
    out.push(...(ini.get('options.packages.find')?.get('where')?.split(/\s+/).filter((w) => w !== '') ?? []));
  }
  const setupPy = files.read(at('setup.py'));
  const m = setupPy === null ? null : /package_dir\s*=\s*\{\s*(['"])\1\s*:\s*(['"])([^'"]+)\2/.exec(setupPy);
  if (m) out.push(m[3]!);
  return [...new Set(out.map((p) => p.replace(/^\.\/?/, '').replace(/\/$/, '')).filter((p) => p !== '' && !p.startsWith('/') && !p.includes('..')))].sort();
}

/**
 * Pure: packages a project's packaging installs from a folder of another name, relative to `dir`:
 * setuptools' `package-dir` with a package's key (`mycore = "lib"` in pyproject.toml, `mycore =
 * lib` under setup.cfg's `package_dir`, `package_dir={"mycore": "lib"}` in setup.py). An editable
 * install makes `import mycore.ops` load `lib/ops.py`, which no folder of the tree is named for.
 */
export function packageDirs(dir: string, files: ProjectFiles): { name: string; folder: string }[] {
  const at = (name: string): string => (dir === '' ? name : `${dir}/${name}`);
  const out: { name: string; folder: string }[] = [];
  const pyproject = files.read(at('pyproject.toml'));
  if (pyproject !== null) {
    try {
      const tool = (parseToml(pyproject) as { tool?: Record<string, unknown> }).tool ?? {};
      for (const [name, folder] of Object.entries(record(record(tool['setuptools'])?.['package-dir']) ?? {})) if (name !== '' && typeof folder === 'string') out.push({ name, folder });
    } catch {
      // Not TOML: the pytest reader warns about it.
    }
  }
  const cfg = files.read(at('setup.cfg'));
  for (const line of (cfg === null ? undefined : readIni(cfg).get('options')?.get('package_dir'))?.split('\n') ?? []) {
    const m = /^\s*([A-Za-z_][\w.]*)\s*=\s*(\S+)\s*$/.exec(line);
    if (m) out.push({ name: m[1]!, folder: m[2]! });
  }
  const setupPy = files.read(at('setup.py'));
  const map = setupPy === null ? null : /package_dir\s*=\s*\{([^}]*)\}/.exec(setupPy);
  for (const m of map?.[1]!.matchAll(/(['"])([A-Za-z_][\w.]*)\1\s*:\s*(['"])([^'"]+)\3/g) ?? []) out.push({ name: m[2]!, folder: m[4]! });
  return out
    .map(({ name, folder }) => ({ name, folder: folder.replace(/^\.\/?/, '').replace(/\/$/, '') }))
    .filter(({ folder }) => !folder.startsWith('/') && !folder.split('/').includes('..'))
    .map(({ name, folder }) => ({ name, folder: dir === '' ? folder : folder === '' ? dir : `${dir}/${folder}` }));
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
