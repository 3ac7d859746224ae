import { MODULE_QUALNAME } from '../../../model/symbol.js';
import type { PathRole } from '../../../select/classify-path.js';
import type { ChangedFile } from '../changed-files.js';
import { emptyPart, ignore, runAll, type ImpactPart } from './impact-part.js';

export interface MentionFacts {
  /** The changed files of one side (base: the deleted ones; head: the others). */
  files: readonly ChangedFile[];
  roles: ReadonlyMap<string, PathRole>;
  /** For each changed non-code file, the code files of that side that contain its base name (an inert one's: or its folder's path). */
  namedBy: ReadonlyMap<string, readonly string[]>;
  isTest: (path: string) => boolean;
  isCode: (path: string) => boolean;
  /** The tests that read a file as their snapshot, by their tool's convention (EcosystemAdapter.snapshotOwners). */
  snapshotOwners: (path: string) => readonly string[];
  /**
   * Changed code files looked for by name: those nothing imports (a fixture a test reads as text, a
   * script), those imported but also loadable by a dotted name in a string, and deleted ones still
   * named so. Named by a test, they select it as a data file does; named nowhere, they add nothing
   * (the analysis has them).
   */
  unimported?: readonly ChangedFile[];
  /**
   * For a changed code file, the code files naming a data file that names it (a pickle, a YAML tag,
   * a logging INI: LanguageResolution.stringNameData), each with that data file: loading the data
   * builds the code. They name the code file as `namedBy` does, through the data file.
   */
  namedThrough?: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Whether a tests.runs rule says which tests run the file (configuredRuns selects them). */
  runBy?: (path: string) => boolean;
}

/** A source file that names a changed non-code file: it counts as changed (see ImpactPart.seeds). */
export interface MentioningCode {
  path: string;
  from: { file: string; qualname: null; change: 'file' };
}

/**
 * The non-code files {@link mentionedFiles} asks about: the ones whose role is `inert` or `other`,
 * and manifests, which code may read as data (`require('../package.json').version`, a test
 * parsing `pyproject.toml`) besides what their dependencies do (dependency-changes.ts).
 */
export function mentionCandidates(files: readonly ChangedFile[], roles: ReadonlyMap<string, PathRole>): ChangedFile[] {
  return files.filter((f) => MENTIONED_ROLES.has(roles.get(f.path)));
}

const MENTIONED_ROLES = new Set<PathRole | undefined>(['inert', 'other', 'manifest']);

/**
 * Pure: non-code files that tests or source files name (fixtures, snapshots, data), and changed code
 * files nothing imports (`unimported`). Tests naming them are selected, source files naming them
 * become changed (returned as `code`, whose symbols the caller seeds). A non-code file named nowhere
 * is inert when the config says so, else every test runs.
 */
export function mentionedFiles(facts: MentionFacts): ImpactPart & { code: MentioningCode[] } {
  const part = { ...emptyPart(), code: [] as MentioningCode[] };
  const unimported = new Set((facts.unimported ?? []).map((f) => f.path));
  for (const f of [...mentionCandidates(facts.files, facts.roles), ...(facts.unimported ?? [])]) {
    const role = unimported.has(f.path) ? 'other' : facts.roles.get(f.path);
    const from = { file: f.path, qualname: null, change: 'file' as const };
    const named = new Set<string>();
    for (const owner of facts.snapshotOwners(f.path)) if (facts.isTest(owner)) named.add(owner);
    for (const path of facts.namedBy.get(f.path) ?? []) named.add(path);
    const through = facts.namedThrough?.get(f.path);
    for (const path of through?.keys() ?? []) named.add(path);
    let mentioned = false;
    for (const path of [...named].sort()) {
      if (path === f.path) continue;
      if (facts.isTest(path)) {
        mentioned = true;
        const data = facts.namedBy.get(f.path)?.includes(path) ? undefined : through?.get(path);
        const via = [{ file: path, qualname: MODULE_QUALNAME, relation: 'mentions' as const, confidence: 0.9 }];
        if (data !== undefined) via.unshift({ file: data, qualname: MODULE_QUALNAME, relation: 'mentions', confidence: 0.9 });
        part.direct.push({ file: path, confidence: data === undefined ? 0.9 : 0.81, reachedFrom: { from, via } });
      } else if ((role === 'other' || role === 'manifest') && facts.isCode(path)) {
        mentioned = true;
        part.code.push({ path, from });
      }
    }
    // A manifest named nowhere is the dependency policy's alone; a file a tests.runs rule names, that rule's.
    if (mentioned || unimported.has(f.path) || role === 'manifest' || facts.runBy?.(f.path)) continue;
    if (role === 'inert') part.ignored.push(ignore(f.path, 'inert'));
    else part.reasons.push(runAll('unparsed-file', `${f.path} is not source ratlas parses, not inert (changes.inert; nothing in a test folder is), and no test or source file names it.`, f.path));
  }
  return part;
}

/** A path's last segment: what a file naming it would spell. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
