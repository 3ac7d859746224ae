import type { PathRole } from '../../../select/classify-path.js';
import type { ChangedFile } from '../changed-files.js';
import { RELATION_CONFIDENCE } from '../../../graph/impact/relation-confidence.js';
import type { SelectedTest } from '../../../model/impact.js';
import { MODULE_QUALNAME } from '../../../model/symbol.js';
import { emptyPart, runAll, type ImpactPart } from './impact-part.js';

/** A configuration computing fields ratlas cannot read, or a file defining a collection hook (`collected`). */
export interface UnknownUniverse {
  file: string | null;
  fields: readonly string[];
  collected?: boolean;
  imports?: boolean;
}

/**
 * Pure: every test runs when a runner's configuration computes which files are tests, or a plugin
 * collects tests from files no glob names (a conftest.py's `pytest_collect_file`), and the change
 * is more than inert files. The runner then runs files ratlas cannot tell for tests (its defaults
 * stand in for what could not be read): with `testMatch: ['**' + '/*.' + kind + '.js']`,
 * `check/x.itest.js` was no test, and a change reaching only it selected nothing at all.
 * ratlas.config.json `tests.include` says which files are tests instead; it does not say where
 * imports lead (a computed alias), and a collection hook has no such remedy either (its cases are
 * no files to select).
 */
export function unknownTestUniverse(
  /** Configurations with fields they compute, and files defining collection hooks (`collected`). */
  unknown: readonly UnknownUniverse[],
  files: readonly ChangedFile[],
  roles: ReadonlyMap<string, PathRole>,
  /** Configurations whose unread imports concern only the tests they run (see {@link testsOfUnknownImports}). */
  scoped: (configFile: string) => boolean = () => false,
): ImpactPart {
  const part = emptyPart();
  if (unknown.length === 0 || files.every((f) => roles.get(f.path) === 'inert')) return part;
  for (const { file, fields, collected, imports } of unknown) {
    if (imports && file !== null && scoped(file)) continue;
    const where = file ?? 'a runner configuration';
    const message = collected
      ? `${where} defines ${fields.join(', ')}: the runner collects tests from files no configuration names.`
      : imports
        ? `${where} computes ${fields.join(', ')}: where its tests' imports lead is not known, so any file may reach any test; write them as literal paths to select among them.`
        : `${where} computes ${fields.join(', ')}: which files it runs as tests, or loads before them, is not known; list them in ratlas.config.json tests.include and tests.setupFiles to select among them.`;
    part.reasons.push(runAll('test-universe-unknown', message, ...(file === null ? [] : [file])));
  }
  return part;
}

/**
 * Pure: where a configuration computes where its tests' imports lead (a vitest `test.alias` built
 * from `process.env`), every test it runs may load any file, but only those: an alias rewrites
 * the imports of the runner's own tests, not another configuration's (redux-toolkit's codegen
 * package made every change of its toolkit package run all 103 tests). Those tests are selected,
 * and the tests of every configuration importing it (`configsOf`: it and the configurations that
 * import it, directly or not, whose merged options hold the alias too). `testOf` is
 * CompiledUniverses.testOfConfig; `from` a changed file standing for the change.
 */
export function testsOfUnknownImports(
  unknown: readonly UnknownUniverse[],
  configsOf: (configFile: string) => readonly string[],
  testOf: (configFile: string, path: string) => boolean,
  tests: ReadonlySet<string>,
  from: string | undefined,
): SelectedTest[] {
  if (from === undefined) return [];
  const out: SelectedTest[] = [];
  for (const { file } of unknown.filter((u) => u.imports && u.file !== null)) {
    const configs = configsOf(file!);
    for (const test of [...tests].sort()) {
      const config = configs.find((c) => testOf(c, test));
      if (config === undefined) continue;
      const hop = { file: test, qualname: MODULE_QUALNAME, relation: 'runs' as const, confidence: RELATION_CONFIDENCE.runs };
      out.push({ file: test, confidence: hop.confidence, reachedFrom: { from: { file: from, qualname: null, change: 'file' }, via: [{ file: config, qualname: MODULE_QUALNAME, relation: 'loads' as const, confidence: 1 }, hop] } });
    }
  }
  return out;
}
