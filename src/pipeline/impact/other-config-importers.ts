import { projectFacts } from '../../graph/resolve/resolution-data.js';
import { languageForPath } from '../../lang/registry.js';
import type { ProjectFile } from '../../model/project-file.js';
import { addTo, sortedLists } from '../../util/sorted-lists.js';
import { moduleEnvOver, readProject } from '../resolve-index.js';

/**
 * For every file of the tree, the files importing it through a project file other than the one
 * module resolution consulted for them: an import resolution left outside the tree (`@core/rate`
 * under a `tsconfig.json` with no `paths`) that another config maps into it (`tsconfig.test.json`
 * does, and vite-tsconfig-paths is given `projects: ['./tsconfig.test.json']`). Which config a
 * runner's plugin applies is the runner configuration's to say, in code ratlas does not run; any
 * one of them may be it. Sorted importers per target.
 */
export function otherConfigImporters(
  projects: readonly ProjectFile[],
  specifiers: readonly { file: string; module: string }[],
  files: ReadonlySet<string>,
): Map<string, string[]> {
  const facts = projectFacts(projects, readProject);
  const env = moduleEnvOver(facts, files);
  const paths = facts.map((p) => p.path);
  const byLanguage = new Map<string, ((specifier: string) => string[]) | null>();
  const out = new Map<string, Set<string>>();
  for (const { file, module } of specifiers) {
    const language = languageForPath(file);
    if (!language) continue;
    if (!byLanguage.has(language.id)) byLanguage.set(language.id, language.resolution.otherProjectTargets?.(env, paths) ?? null);
    for (const target of byLanguage.get(language.id)?.(module) ?? []) if (target !== file) addTo(out, target, file);
  }
  return sortedLists(out);
}
