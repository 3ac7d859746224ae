import { globsMatcher } from '../../util/glob.js';

export interface Attribution {
  /** Packages that code imports: the code using them is what changed. */
  imported: string[];
  /** Packages that change how every test runs (themselves, or one they depend on, changed). */
  toolchain: string[];
  /** Packages no source file imports and that are not known to be inert. */
  unattributed: string[];
  inert: string[];
}

/**
 * Pure: attributes changed packages. A changed package affects the packages that depend on it
 * (transitively, by name), up to the ones the project depends on directly (nothing in the lockfile
 * depends on them). Each affected package is imported by code (its users are the change), part of
 * the toolchain, inert, or unattributed (a CLI or a name in a config string: ratlas cannot tell).
 */
export function attributePackages(
  changed: readonly string[],
  dependencies: ReadonlyMap<string, ReadonlySet<string>>,
  isImported: (name: string) => boolean,
  globs: { toolchain: readonly string[]; inert: readonly string[] },
): Attribution {
  const dependents = new Map<string, Set<string>>();
  for (const [name, deps] of dependencies) {
    for (const d of deps) {
      const set = dependents.get(d) ?? new Set<string>();
      set.add(name);
      dependents.set(d, set);
    }
  }
  const affected = new Set<string>(changed);
  const queue = [...changed];
  while (queue.length > 0) {
    for (const up of dependents.get(queue.pop()!) ?? []) {
      if (affected.has(up)) continue;
      affected.add(up);
      queue.push(up);
    }
  }
  const toolchain = matcher(globs.toolchain);
  const inert = matcher(globs.inert);
  const out: Attribution = { imported: [], toolchain: [], unattributed: [], inert: [] };
  for (const name of [...affected].sort()) {
    if (toolchain(name)) out.toolchain.push(name);
    else if (isImported(name)) out.imported.push(name);
    else if ((dependents.get(name)?.size ?? 0) > 0) continue; // reached through what depends on it
    else if (inert(name)) out.inert.push(name);
    else out.unattributed.push(name);
  }
  return out;
}

function matcher(globs: readonly string[]): (name: string) => boolean {
  return globsMatcher(globs);
}
