import type { InstalledCommand, ProjectFiles } from '../types.js';
import { baseOf, dirOf, joinRepo } from './repo-paths.js';

/**
 * Pure: the commands every package.json of the tree installs (`"bin": "./cli.js"`, named after the
 * package without its scope, or `"bin": { "tool": "./bin/tool.js" }`), and its scripts (`"gen":
 * "node scripts/gen.js"`, run by `npm run gen`), with the files each runs, where the tree holds them.
 * A manifest that is not JSON installs nothing.
 */
export function npmBinCommands(files: ProjectFiles): InstalledCommand[] {
  const present = new Set(files.paths);
  const out: InstalledCommand[] = [];
  for (const file of files.paths.filter((p) => baseOf(p) === 'package.json' && !p.includes('node_modules/'))) {
    const text = files.read(file);
    let manifest: unknown;
    try {
      manifest = text === null ? null : JSON.parse(text);
    } catch {
      continue;
    }
    if (manifest === null || typeof manifest !== 'object') continue;
    const { bin, name, scripts } = manifest as { bin?: unknown; name?: unknown; scripts?: unknown };
    const entries: [string, unknown][] =
      typeof bin === 'string' ? (typeof name === 'string' ? [[name.slice(name.lastIndexOf('/') + 1), bin]] : []) : bin !== null && typeof bin === 'object' ? Object.entries(bin) : [];
    for (const [command, spec] of entries) {
      if (typeof spec !== 'string' || command === '') continue;
      const target = joinRepo(dirOf(file), spec.startsWith('.') ? spec : `./${spec}`);
      if (target !== null && present.has(target)) out.push({ name: command, file: target });
    }
    // A package script (`npm run gen`, `yarn gen`) runs the files of the package its command names by path.
    for (const [script, command] of scripts !== null && typeof scripts === 'object' ? Object.entries(scripts) : []) {
      if (typeof command !== 'string' || script === '') continue;
      for (const word of command.split(/[\s;&|()]+/)) {
        const target = /\.[cm]?[jt]sx?$/.test(word) ? joinRepo(dirOf(file), word.startsWith('.') ? word : `./${word}`) : null;
        if (target !== null && present.has(target)) out.push({ name: script, file: target });
      }
    }
  }
  return out;
}
