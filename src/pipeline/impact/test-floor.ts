import { aliasedImporters } from '../../ecosystem/registry.js';
import type { CompiledUniverses } from '../../ecosystem/test-universe.js';
import type { FileChange } from '../../model/change.js';
import type { ReachedSymbol } from '../../model/impact.js';
import { languageForPath } from '../../lang/registry.js';
import { symbolKey } from '../../model/stored.js';
import type { ChangedFileFacts } from '../../select/closure-rules.js';
import { importFloor, type FloorTest } from '../../select/import-floor.js';
import type { FileUpdate } from '../apply-changeset.js';
import type { HeadParse } from './changed-files.js';
import { handedPathLoaders, scopeLoaders } from './loader-scopes.js';
import type { StoreDependencyView } from './store-dependency-view.js';

/**
 * The import floor of `changed` on one side's index: every test whose imports (runner aliases
 * included), dynamic loads or setup files reach a changed file. `texts` reads loaders' sources, so
 * that a loader whose text bounds its loads reaches only that directory.
 */
export async function floorOf(
  view: StoreDependencyView,
  universe: CompiledUniverses | undefined,
  tests: ReadonlySet<string>,
  changed: readonly string[],
  texts: (paths: readonly string[]) => Promise<Map<string, string>>,
): Promise<FloorTest[]> {
  const setUpBy = new Map<string, string[]>();
  if (universe) {
    for (const test of [...tests].sort()) for (const s of universe.setupFilesOf(test)) setUpBy.set(s, [...(setUpBy.get(s) ?? []), test]);
  }
  const loaders = await scopeLoaders(await view.dynamicLoaders(), texts, (file) => scopeOf(file, universe));
  // A test that hands a directory to a package (a framework's test server on an app) runs what is
  // there without importing it; only tests, so that a source file joining paths stays no loader.
  loaders.push(...(await handedPathLoaders((await view.pathBuilders()).filter((f) => tests.has(f)), texts)));
  const unresolved = await view.unresolvedImports();
  const aliased = aliasedImporters(universe?.universes ?? [], unresolved.specifiers, (p) => unresolved.files.has(p));
  return importFloor(changed, {
    importers: await view.importerMap(),
    dynamicLoaders: loaders,
    isTest: (p) => tests.has(p),
    testsSetUpBy: (p) => setUpBy.get(p) ?? [],
    aliased,
    setupByName: (p) => universe?.setupByName.has(p) ?? false,
  });
}

/** Where a dynamic loader's patterns may reach: the root of its test universe, else the whole repository. */
function scopeOf(file: string, universe: CompiledUniverses | undefined): string {
  const roots = (universe?.universes ?? []).map((u) => u.root).filter((r) => r !== '' && file.startsWith(`${r}/`));
  return roots.sort((a, b) => b.length - a.length)[0] ?? '';
}

/** Pure: what the closure rules (select/closure-rules.ts) read of each changed file. */
export function closureFacts(
  changes: readonly FileChange[],
  headParse: ReadonlyMap<string, HeadParse>,
  fileUpdates: readonly FileUpdate[],
  reached: readonly ReachedSymbol[],
  baseKeys: ReadonlySet<string>,
  headKeys: ReadonlySet<string>,
): Map<string, ChangedFileFacts> {
  const texts = new Map(fileUpdates.flatMap((u) => (u.file?.content.kind === 'source' ? [[u.path, u.file.content.text] as const] : [])));
  const hops = new Map<string, { relation: ReachedSymbol['via'][number]['relation']; confidence: number }[]>();
  for (const r of reached) {
    const first = r.via[0];
    if (!first || r.from.qualname === null) continue;
    const key = symbolKey(r.from.file, r.from.qualname);
    hops.set(key, [...(hops.get(key) ?? []), { relation: first.relation, confidence: first.confidence }]);
  }
  const out = new Map<string, ChangedFileFacts>();
  for (const c of changes) {
    if (c.language === null) continue;
    const state = headParse.get(c.file);
    const parse = c.status === 'deleted' ? 'parsed' : state === 'ok' ? 'parsed' : state === 'absent' || state === undefined ? 'unparsed' : state;
    const facts: ChangedFileFacts = {
      file: c.file,
      status: c.status,
      parse,
      text: texts.get(c.file) ?? null,
      ...closureSyntax(c.file),
      symbols: c.symbols.map((s) => ({
        ...s,
        indexed: s.change === 'removed' ? baseKeys.has(symbolKey(c.previousFile ?? c.file, s.qualname)) || baseKeys.has(symbolKey(s.previous?.file ?? c.file, s.previous?.qualname ?? s.qualname)) : headKeys.has(symbolKey(c.file, s.qualname)),
        firstHops: hops.get(symbolKey(c.file, s.qualname)) ?? [],
      })),
    };
    out.set(c.file, facts);
    if (c.previousFile) out.set(c.previousFile, facts);
  }
  return out;
}

/** What the closure rules read of a file's language (its receiver words, which reads and calls its queries record). */
function closureSyntax(path: string): Pick<ChangedFileFacts, 'receiverWords' | 'indexAssignsData' | 'attributeReadsRecorded' | 'implicitMembers' | 'transparentDecorators'> {
  const syntax = languageForPath(path)?.syntax;
  if (!syntax) return {};
  return {
    receiverWords: syntax.receiverWords ?? ['this'],
    indexAssignsData: syntax.indexAssignsData ?? false,
    attributeReadsRecorded: syntax.attributeReadsRecorded ?? true,
    ...(syntax.implicitMembers && { implicitMembers: syntax.implicitMembers }),
    ...(syntax.transparentDecorators && { transparentDecorators: syntax.transparentDecorators }),
  };
}

/** The facts of a changed file the analysis knows nothing about: open, so its floor tests stay. */
export function unknownFile(file: string): ChangedFileFacts {
  return { file, status: 'modified', parse: 'unparsed', text: null, symbols: [] };
}
