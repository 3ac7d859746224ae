/**
 * A lockfile reduced to what attribution needs: per package name, a fingerprint of every locked
 * version of it (so a bump shows as a changed fingerprint), and the names each package depends on.
 * Versions are folded by name on purpose: attribution is by name, and a superset is safe.
 */
export interface LockGraph {
  fingerprints: Map<string, string>;
  dependencies: Map<string, Set<string>>;
}

/** Pure: reads npm (package-lock.json, npm-shrinkwrap.json), pnpm (pnpm-lock.yaml) and yarn (v1 and berry) lockfiles. */
export function readLockfile(fileName: string, text: string): LockGraph {
  if (fileName === 'package-lock.json' || fileName === 'npm-shrinkwrap.json') return readNpm(text);
  if (fileName === 'pnpm-lock.yaml') return readIndented(text, pnpmEntryName, ['packages:', 'snapshots:']);
  if (fileName === 'yarn.lock') return readIndented(text, yarnEntryNames, null);
  throw new Error(`${fileName} is not a lockfile format ratlas reads`);
}

/** Names whose fingerprint differs between two lockfiles (added and removed names included). */
export function changedPackages(base: LockGraph, head: LockGraph): string[] {
  const names = new Set([...base.fingerprints.keys(), ...head.fingerprints.keys()]);
  return [...names].filter((n) => base.fingerprints.get(n) !== head.fingerprints.get(n)).sort();
}

class Builder {
  readonly parts = new Map<string, string[]>();
  readonly dependencies = new Map<string, Set<string>>();
  add(name: string, fingerprint: string, deps: Iterable<string>): void {
    this.parts.set(name, [...(this.parts.get(name) ?? []), fingerprint]);
    const set = this.dependencies.get(name) ?? new Set<string>();
    for (const d of deps) set.add(d);
    this.dependencies.set(name, set);
  }
  build(): LockGraph {
    return { fingerprints: new Map([...this.parts].map(([n, p]) => [n, p.sort().join('\n')])), dependencies: this.dependencies };
  }
}

interface NpmEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string | NpmEntry>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  requires?: Record<string, string>;
}

function readNpm(text: string): LockGraph {
  const lock = JSON.parse(text) as { packages?: Record<string, NpmEntry>; dependencies?: Record<string, NpmEntry> };
  const out = new Builder();
  if (lock.packages) {
    for (const [key, entry] of Object.entries(lock.packages)) {
      const at = key.lastIndexOf('node_modules/');
      // "" is the root project and paths without node_modules/ are workspaces: not packages that change version.
      if (at === -1) continue;
      const name = key.slice(at + 'node_modules/'.length);
      const deps = [entry.dependencies, entry.optionalDependencies, entry.peerDependencies].flatMap((d) => Object.keys(d ?? {}));
      out.add(name, JSON.stringify([entry.version ?? null, entry.resolved ?? null, entry.integrity ?? null, entry.link ?? false]), deps);
    }
    return out.build();
  }
  // lockfileVersion 1: nested `dependencies`, with `requires`.
  const visit = (deps: Record<string, string | NpmEntry> | undefined) => {
    for (const [name, entry] of Object.entries(deps ?? {})) {
      if (typeof entry === 'string') continue;
      out.add(name, JSON.stringify([entry.version ?? null, entry.resolved ?? null, entry.integrity ?? null]), Object.keys(entry.requires ?? {}));
      visit(entry.dependencies);
    }
  };
  visit(lock.dependencies);
  return out.build();
}

/**
 * pnpm-lock.yaml and yarn.lock are both indentation-structured: an entry starts at a fixed indent
 * with a key naming the package and version, its body is indented further, and a `dependencies:`
 * block inside it lists one dependency name per line. Reading that structure line by line avoids a
 * YAML parser (yarn v1 is not even YAML).
 */
function readIndented(text: string, namesOf: (key: string) => string[], sections: string[] | null): LockGraph {
  const out = new Builder();
  const lines = text.split(/\r?\n/);
  const entryIndent = sections ? 2 : 0;
  let inSection = sections === null;
  let current: { names: string[]; body: string[]; deps: string[] } | null = null;
  let depIndent = -1;
  const flush = () => {
    if (current) for (const name of current.names) out.add(name, current.body.join('\n'), current.deps);
    current = null;
  };
  for (const line of lines) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (sections && indent === 0) {
      flush();
      inSection = sections.includes(line.trim());
      continue;
    }
    if (!inSection) continue;
    const header = indent === entryIndent ? /^(.+?):\s*(\{\})?$/.exec(line.trim()) : null;
    if (header) {
      flush();
      current = { names: namesOf(header[1]!), body: [], deps: [] };
      depIndent = -1;
      continue;
    }
    if (!current) continue;
    const entry = current as { names: string[]; body: string[]; deps: string[] };
    const trimmed = line.trim();
    if (indent === entryIndent + 2) {
      depIndent = /^(dependencies|optionalDependencies|peerDependencies):$/.test(trimmed) ? indent + 2 : -1;
    } else if (indent === depIndent) {
      // A dependency's version is its own entry's business: a bump shows there, not here.
      const name = unquote(trimmed.replace(/:?\s.*$/, '').replace(/:$/, ''));
      if (name) entry.deps.push(name);
      continue;
    }
    entry.body.push(trimmed);
  }
  flush();
  return out.build();
}

/** `/name@1.0.0`, `name@1.0.0(peer@2)`, `'@scope/name@1.0.0'` (pnpm v5 to v9) -> `name`. */
function pnpmEntryName(key: string): string[] {
  const clean = unquote(key).replace(/^\//, '').replace(/\(.*$/, '');
  const at = clean.lastIndexOf('@');
  // v5 used name/version.
  if (at <= 0) {
    const slash = clean.lastIndexOf('/');
    return slash > 0 ? [clean.slice(0, slash)] : [];
  }
  return [clean.slice(0, at)];
}

/** `"a@^1.0.0", a@^1.1.0` (v1) or `"a@npm:^1.0.0, a@npm:^1.1.0"` (berry) -> the names. */
function yarnEntryNames(key: string): string[] {
  if (key === '__metadata') return [];
  const names = new Set<string>();
  for (const spec of unquote(key).split(',')) {
    const s = unquote(spec.trim());
    const at = s.indexOf('@', 1);
    if (at > 0) names.add(s.slice(0, at));
  }
  return [...names];
}

function unquote(text: string): string {
  return text.replace(/^["']|["']$/g, '');
}
