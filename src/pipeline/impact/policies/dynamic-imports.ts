import { MODULE_QUALNAME } from '../../../model/symbol.js';
import { emptyPart, runAll, type ImpactPart } from './impact-part.js';

export interface DynamicImportFacts {
  /** Changed code files (not tests) on this side. */
  changed: readonly string[];
  /** Files holding an `import()` whose specifier is not a literal. */
  sites: readonly string[];
  /** Every file's static loaders. */
  importers: ReadonlyMap<string, readonly string[]>;
  isTest: (path: string) => boolean;
}

/**
 * Pure, on request only (`changes.dynamicImports`): a changed code file that nothing imports
 * statically may still be loaded by an `import(x)` whose specifier is computed. If such an import
 * sits in a folder above the file, a test holding it is selected; one in other code means every
 * test must run. Without it the floor answers the same question more narrowly: each such import is
 * a loader of the folders its text bounds it to, or of its package (loader-scopes.ts), and the
 * tests reaching the loader are selected.
 */
export function dynamicImports(facts: DynamicImportFacts): ImpactPart {
  const part = emptyPart();
  if (facts.sites.length === 0) return part;
  for (const path of facts.changed) {
    if ((facts.importers.get(path) ?? []).length > 0) continue;
    for (const site of facts.sites.filter((s) => s !== path && isUnder(path, dirOf(s)))) {
      if (facts.isTest(site)) {
        part.direct.push({
          file: site,
          confidence: 0.5,
          reachedFrom: { from: { file: path, qualname: null, change: 'file' }, via: [{ file: site, qualname: MODULE_QUALNAME, relation: 'loads', confidence: 0.5 }] },
        });
      } else {
        part.reasons.push(runAll('dynamic-import', `${path} is imported by no file, and ${site} loads files under ${dirOf(site) || 'the repository root'} with a computed import().`, path));
        break;
      }
    }
  }
  return part;
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function isUnder(path: string, dir: string): boolean {
  return dir === '' || path.startsWith(`${dir}/`);
}
