import { parse as parseToml } from 'smol-toml';
import { escapeRegExp } from '../../util/escape-regexp.js';
import type { InstalledCommand, ProjectFiles } from '../types.js';
import { readIni } from './read-ini.js';

/** The entry-point group of console scripts, which pyproject.toml also spells `[project.scripts]`. */
export const CONSOLE_SCRIPTS = 'console_scripts';

/**
 * Pure: the entry points of `group` that the packaging of every project in the tree declares
 * (pyproject.toml `[project.entry-points.<group>]` and Poetry's `[tool.poetry.plugins."<group>"]`,
 * setup.cfg `[options.entry_points] <group> =`, setup.py's `entry_points={"<group>": [...]}` when
 * spelled as a literal list; for console scripts also `[project.scripts]`,
 * `[project.gui-scripts]` and `[tool.poetry.scripts]`), and those an installed distribution's
 * metadata in the tree lists (`entry_points.txt` of a `*.dist-info` or `*.egg-info` folder, which
 * `importlib.metadata` reads where the folder is on the path: setuptools' `develop` writes the
 * egg-info beside the source), each with the module it names (`tool = "pkg.cli:main"`: `pkg.cli`)
 * as `moduleFile` finds it from the project's folder (the metadata's: the folder holding it). A file
 * that cannot be parsed declares nothing.
 */
export function entryPoints(files: ProjectFiles, group: string, moduleFile: (dir: string, dotted: string) => string | null): InstalledCommand[] {
  const out: InstalledCommand[] = [];
  const add = (dir: string, name: string, target: unknown) => {
    const module = typeof target === 'string' ? /^\s*([\w.]+)\s*(?::|$)/.exec(target)?.[1] : undefined;
    const file = module === undefined ? null : moduleFile(dir, module);
    if (file !== null) out.push({ name, file });
  };
  for (const path of files.paths) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    if (name === 'pyproject.toml') {
      const text = files.read(path);
      let doc: Record<string, unknown>;
      try {
        doc = text === null ? {} : (parseToml(text) as Record<string, unknown>);
      } catch {
        continue;
      }
      const project = table(doc['project']);
      const poetry = table(table(doc['tool'])?.['poetry']);
      const tables = [table(table(project?.['entry-points'])?.[group]), table(table(poetry?.['plugins'])?.[group])];
      if (group === CONSOLE_SCRIPTS) tables.push(table(project?.['scripts']), table(project?.['gui-scripts']), table(poetry?.['scripts']));
      for (const entries of tables) for (const [entry, target] of Object.entries(entries ?? {})) add(dir, entry, target);
    } else if (name === 'setup.py') {
      // Read, not run: the literal list of "name = module:attr" strings under the group's key.
      const text = files.read(path) ?? '';
      const escaped = escapeRegExp(group);
      for (const list of text.matchAll(new RegExp(`['"]${escaped}['"]\\s*:\\s*\\[([^\\]]*)\\]`, 'g'))) {
        for (const entry of list[1]!.matchAll(/['"]\s*([^=\s'"]+)\s*=\s*([^'"]+)['"]/g)) add(dir, entry[1]!, entry[2]!);
      }
    } else if (name === 'setup.cfg') {
      const text = files.read(path);
      const lines = text === null ? [] : (readIni(text).get('options.entry_points')?.get(group)?.split('\n') ?? []);
      for (const line of lines) {
        const m = /^\s*([^=\s]+)\s*=\s*(.+)$/.exec(line);
        if (m) add(dir, m[1]!, m[2]!);
      }
    } else if (isInstalledEntryPoints(path)) {
      // Read line by line, not as INI: configparser would lowercase the entry names.
      let inGroup = false;
      for (const line of (files.read(path) ?? '').split(/\r?\n/)) {
        const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
        if (header) inGroup = header[1]!.trim() === group;
        const m = inGroup ? /^\s*([^=\s]+)\s*=\s*(.+)$/.exec(line) : null;
        if (m) add(dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '', m[1]!, m[2]!);
      }
    }
  }
  return out;
}

/** Pure: whether `path` is the entry points of an installed distribution's metadata folder. */
export function isInstalledEntryPoints(path: string): boolean {
  return /(?:^|\/)[^/]+\.(?:dist|egg)-info\/entry_points\.txt$/.test(path);
}

function table(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
