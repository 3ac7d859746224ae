import { languageForPath } from '../../../lang/registry.js';
import type { FileChange } from '../../../model/change.js';
import { inTestFolder } from '../../../select/classify-path.js';
import { loadNode, type Seed } from '../impact-node.js';

/**
 * Pure: where a test runs the examples in modules' documentation (`doctest.testmod(shop.m)`,
 * `DocTestSuite(shop.m)`: ResolutionTraits.docTestCalls), a file of that language whose change is
 * to its documentation only is loaded again by every test that loads it: one seed at the file's
 * load, from its first symbol whose documentation changed. Documentation no test runs stays inert.
 * `runners` are the files calling a doc-test call; only tests and the files of a test folder count.
 */
export function docTestSeeds(changes: readonly FileChange[], runners: readonly string[], isTest: (path: string) => boolean): Seed[] {
  const languages = new Set(runners.filter((f) => isTest(f) || inTestFolder(f)).map((f) => languageForPath(f)?.id));
  const seeds: Seed[] = [];
  for (const c of changes) {
    const doc = c.symbols.find((s) => s.change === 'doc');
    if (doc === undefined || c.status === 'deleted' || !languages.has(languageForPath(c.file)?.id)) continue;
    seeds.push({ node: loadNode(c.file), from: { file: c.file, qualname: doc.qualname, change: 'doc' } });
  }
  return seeds;
}
