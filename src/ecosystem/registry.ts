import { npm } from './npm/adapter.js';
import { python } from './python/adapter.js';
import { conventions as pyConventions } from './python/conventions.js';
import type { EcosystemAdapter, ProjectFiles, TestUniverse } from './types.js';

/** Every ecosystem ratlas knows; order matters only for report order. */
export const ECOSYSTEMS: readonly EcosystemAdapter[] = [npm, python];

/** The conventions the shared selection defaults take from each ecosystem (see python/conventions.ts). */
export const CONVENTIONS = [pyConventions] as const;

/** Pure: the test universes of every ecosystem present in the tree, sorted by root then config file. */
export function testUniversesOf(files: ProjectFiles, ecosystems: readonly EcosystemAdapter[] = ECOSYSTEMS): TestUniverse[] {
  const out = ecosystems.filter((e) => e.detect(files)).flatMap((e) => e.testUniverses(files));
  return out.sort((a, b) => cmp(a.root, b.root) || cmp(a.configFile ?? '', b.configFile ?? '') || cmp(a.runner, b.runner));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
