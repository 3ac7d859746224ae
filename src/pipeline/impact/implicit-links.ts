import { buildOutputLinks, embeddedImporters, entryGroupImporters, entryManifests, lookupGroupImporters, mockedImporters, unresolvedLoaders } from '../../ecosystem/registry.js';
import { injectedImporters, type CompiledUniverses } from '../../ecosystem/test-universe.js';
import type { ProjectFile } from '../../model/project-file.js';
import type { ScopedLoader } from './loader-scopes.js';

/**
 * What a runner loads that no import in the indexed text shows, each link with its reason code: a
 * manual mock for the module it stands in for (`runner-mock`), a file it takes where module
 * resolution takes another of the same name beside it (`a.js` or `a.mjs` for `a.ts`), or the
 * entry of a package it takes where module resolution takes another (`main` beside `types`, one
 * `exports` condition beside another: `runner-resolution`), the JSX runtime its transform injects
 * (`injected-import`), what a component file ratlas does not parse imports and who imports it
 * (`embedded-import`), the sources behind an import of build output (`build-output`: a file, or for
 * a bundle a loader of the folder the build reads, or of the tree's own package whose build an
 * import by name gets where resolution found no source), and where a runner's own resolver
 * module may send an import module resolution left outside the tree (`runner-resolver`).
 */
export async function implicitLinks(
  universe: CompiledUniverses | undefined,
  unresolved: { specifiers: { file: string; module: string }[]; files: ReadonlySet<string> },
  readTexts: (paths: readonly string[]) => Promise<Map<string, string>>,
  projectFiles: () => Promise<readonly ProjectFile[]>,
): Promise<{ importers: Map<string, { file: string; code: string }[]>; loaders: ScopedLoader[] }> {
  const universes = universe?.universes ?? [];
  const files = [...unresolved.files].sort();
  const importers = new Map<string, { file: string; code: string }[]>();
  const add = (links: ReadonlyMap<string, readonly string[]>, code: string) => {
    for (const [target, list] of links) importers.set(target, [...(importers.get(target) ?? []), ...list.map((file) => ({ file, code }))]);
  };
  add(mockedImporters(universes, files, unresolved.specifiers, (p) => unresolved.files.has(p)), 'runner-mock');
  add(injectedImporters(universes, files), 'injected-import');
  add(lookupGroupImporters(universes, files), 'runner-resolution');
  const projects = await projectFiles();
  const manifests = new Set(entryManifests(universes, projects.map((p) => p.path)));
  const texts = new Map(projects.filter((p) => manifests.has(p.path)).map((p) => [p.path, p.text]));
  add(entryGroupImporters(universes, texts, files, (p) => unresolved.files.has(p)), 'runner-resolution');
  const components = universe?.components ?? [];
  if (components.length > 0) {
    const texts = await readTexts(components);
    const withText = new Map(components.flatMap((c) => (texts.has(c) ? [[c, texts.get(c)!] as const] : [])));
    add(embeddedImporters(universes, withText, unresolved.files, unresolved.specifiers), 'embedded-import');
  }
  const built = buildOutputLinks(universes, files, unresolved.specifiers);
  add(built.importers, 'build-output');
  return { importers, loaders: [...built.loaders.map((l) => ({ ...l, code: 'build-output' })), ...unresolvedLoaders(universes, texts, unresolved.specifiers, new Map(projects.map((p) => [p.path, p.text])))] };
}
