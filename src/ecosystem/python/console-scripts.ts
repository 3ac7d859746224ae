import { parse as parseToml } from 'smol-toml';
import type { InstalledCommand, ProjectFiles } from '../types.js';
import { readIni } from './read-ini.js';

/**
 * Pure: the console scripts the packaging of every project in the tree installs (pyproject.toml
 * `[project.scripts]`, `[project.gui-scripts]` and Poetry's `[tool.poetry.scripts]`, setup.cfg
 * `[options.entry_points] console_scripts`), each with the module it runs (`tool = "pkg.cli:main"`:
 * `pkg.cli`) found by `moduleFile` from the project's folder. A file that cannot be parsed installs nothing.
 */
export function consoleScripts(files: ProjectFiles, moduleFile: (dir: string, dotted: string) => string | null): InstalledCommand[] {
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
      const tables = [table(project?.['scripts']), table(project?.['gui-scripts']), table(table(table(doc['tool'])?.['poetry'])?.['scripts'])];
      for (const scripts of tables) for (const [command, target] of Object.entries(scripts ?? {})) add(dir, command, target);
    } else if (name === 'setup.cfg') {
      const text = files.read(path);
      const lines = text === null ? [] : (readIni(text).get('options.entry_points')?.get('console_scripts')?.split('\n') ?? []);
      for (const line of lines) {
        const m = /^\s*([^=\s]+)\s*=\s*(.+)$/.exec(line);
        if (m) add(dir, m[1]!, m[2]!);
      }
    }
  }
  return out;
}

function table(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
