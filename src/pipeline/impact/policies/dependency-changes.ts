import type { RatlasConfig } from '../../../config/load-config.js';
import type { PathClassifier, PathRole } from '../../../select/classify-path.js';
import { attributePackages } from '../../../select/dependencies/attribute-packages.js';
import { diffManifest } from '../../../select/dependencies/diff-manifest.js';
import { changedPackages, readLockfile } from '../../../select/dependencies/read-lockfile.js';
import type { DependencyReaders } from '../../../ecosystem/types.js';
import { IGNORED_CODES } from '../../../select/reason-codes.js';
import { emptyPart, type ImpactPart } from './impact-part.js';

/** A changed manifest or lockfile, both versions (null where absent or unreadable). */
export interface DependencyFile {
  path: string;
  before: string | null;
  after: string | null;
}

/** What the head index says about packages: who imports each, and which nodes use it. */
export interface PackageUse {
  importsPackage(name: string): Promise<boolean>;
  packageUsers(name: string): Promise<{ file: string; node: string }[]>;
}

const LIST_LIMIT = 8;

/** The changed files whose role makes {@link dependencyChanges} read them. */
export function dependencyFiles<T extends { path: string }>(files: readonly T[], roles: ReadonlyMap<string, PathRole>): T[] {
  return files.filter((f) => roles.get(f.path) === 'manifest' || roles.get(f.path) === 'lockfile');
}

/**
 * Changed package manifests and lockfiles, attributed: a bumped package makes the code importing
 * it changed (so the tests reaching that code run), rather than running everything. What cannot be
 * attributed (a toolchain package, a package used by no visible source, an unreadable lockfile, a
 * changed `exports` field) runs every test, with the reason. Reads nothing but its arguments.
 */
export async function dependencyChanges(
  relevant: readonly DependencyFile[],
  roles: ReadonlyMap<string, PathRole>,
  head: PackageUse,
  config: RatlasConfig,
  classifier: PathClassifier,
  /** The ecosystem that reads a manifest or lockfile in its own format (Python's), else none (npm's readers). */
  readersOf: (path: string) => DependencyReaders | undefined = () => undefined,
  /** Of `relevant`, those installing packages only one unused folder resolves, to the folder (separate-installs.ts). */
  apart: ReadonlyMap<string, string> = new Map(),
): Promise<ImpactPart> {
  const out = emptyPart();
  if (relevant.length === 0) return out;

  const changed = new Set<string>();
  const dependencies = new Map<string, Set<string>>();
  const origin = new Map<string, string>();
  // How code imports a package of each file's ecosystem (a Python distribution by its module names).
  const fileNames = new Map<string, (pkg: string) => string[]>();
  const packageNames = new Map<string, (pkg: string) => string[]>();
  for (const f of relevant) {
    const { before, after } = f;
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    // An ecosystem reading its own formats (requirements.txt, pyproject.toml, poetry.lock), else npm's.
    const readers = readersOf(f.path);
    if (readers) fileNames.set(f.path, readers.importNames);
    try {
      if (roles.get(f.path) === 'manifest') {
        const diff = readers ? readers.diffManifest(f.path, before, after) : { ...diffManifest(before, after), runner: [] };
        if (diff.runner.length > 0) out.reasons.push({ code: 'runner-config-changed', message: `${f.path} changed the test runner's configuration: ${diff.runner.join(', ')}.`, file: f.path });
        if (diff.fields.length > 0) {
          out.reasons.push({ code: 'manifest-changed', message: `${f.path} changed ${diff.fields.join(', ')}.`, file: f.path });
        }
        for (const p of diff.packages) note(changed, origin, p, f.path);
        if (diff.fields.length === 0 && diff.packages.length === 0 && diff.runner.length === 0) out.ignored.push({ file: f.path, code: 'inert', message: 'Only fields that cannot affect a test run changed.' });
        continue;
      }
      const read = (text: string) => (readers ? readers.readLockfile(f.path, text) : readLockfile(name, text));
      const beforeGraph = before === null ? null : read(before);
      const afterGraph = after === null ? null : read(after);
      const empty = { fingerprints: new Map<string, string>(), dependencies: new Map<string, Set<string>>() };
      for (const p of changedPackages(beforeGraph ?? empty, afterGraph ?? empty)) note(changed, origin, p, f.path);
      for (const graph of [beforeGraph, afterGraph]) {
        for (const [pkg, deps] of graph?.dependencies ?? []) {
          if (readers && !packageNames.has(pkg)) packageNames.set(pkg, readers.importNames);
          const set = dependencies.get(pkg) ?? new Set<string>();
          for (const d of deps) set.add(d);
          dependencies.set(pkg, set);
        }
      }
    } catch (error) {
      out.reasons.push({ code: 'dependency-unattributed', message: `${f.path} could not be read: ${(error as Error).message}`, file: f.path });
    }
  }
  if (changed.size === 0) return out;

  const modulesOf = (pkg: string): string[] => {
    const from = origin.get(pkg);
    const names = (from === undefined ? undefined : fileNames.get(from)) ?? packageNames.get(pkg);
    return names ? names(pkg) : [pkg];
  };
  const importsAny = async (pkg: string): Promise<boolean> => {
    for (const module of modulesOf(pkg)) if (await head.importsPackage(module)) return true;
    return false;
  };
  const imported = new Set<string>();
  for (const name of changed) if (await importsAny(name)) imported.add(name);
  // The import check for packages reached through dependents is answered by the store too.
  const known = new Map<string, boolean>();
  for (const name of dependencies.keys()) known.set(name, await importsAny(name));
  const attribution = attributePackages([...changed].sort(), dependencies, (n) => imported.has(n) || known.get(n) === true, config.dependencies);

  // Where every changed manifest and lockfile installs for such a folder alone, a package no code
  // imports is a tool of that folder (a documentation site's): no test runs with it.
  if (relevant.every((f) => apart.has(f.path))) {
    for (const name of [...attribution.toolchain, ...attribution.unattributed].sort()) {
      const file = origin.get(name) ?? relevant[0]!.path;
      out.ignored.push({ file, code: 'dependency-elsewhere', message: `${name}: ${IGNORED_CODES['dependency-elsewhere']} (${apart.get(file) ?? apart.get(relevant[0]!.path)}/)` });
    }
    attribution.toolchain = [];
    attribution.unattributed = [];
  }
  if (attribution.toolchain.length > 0) {
    out.reasons.push({ code: 'dependency-toolchain', message: `Test toolchain packages are affected: ${list(attribution.toolchain)}.` });
  }
  if (attribution.unattributed.length > 0) {
    out.reasons.push({ code: 'dependency-unattributed', message: `No source file imports ${list(attribution.unattributed)}, and ratlas cannot tell what uses ${attribution.unattributed.length === 1 ? 'it' : 'them'}.` });
  }
  for (const name of attribution.inert) {
    out.ignored.push({ file: origin.get(name) ?? relevant[0]!.path, code: 'dependency-inert', message: `${name}: ${IGNORED_CODES['dependency-inert']}` });
  }
  for (const name of attribution.imported) {
    for (const user of (await Promise.all(modulesOf(name).map((m) => head.packageUsers(m)))).flat()) {
      if (classifier.role(user.file) === 'runner-config') {
        out.reasons.push({ code: 'dependency-toolchain', message: `${name} is used by the runner configuration ${user.file}.`, file: user.file });
        continue;
      }
      out.seeds.push({ node: user.node, from: { file: origin.get(name) ?? relevant[0]!.path, qualname: null, change: 'file' } });
    }
  }
  return out;
}

function note(changed: Set<string>, origin: Map<string, string>, name: string, file: string): void {
  changed.add(name);
  if (!origin.has(name)) origin.set(name, file);
}

function list(names: readonly string[]): string {
  return names.length <= LIST_LIMIT ? names.join(', ') : `${names.slice(0, LIST_LIMIT).join(', ')} and ${names.length - LIST_LIMIT} more`;
}
