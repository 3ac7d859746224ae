import { escapeRegExp } from '../util/escape-regexp.js';
import { compileUniverses } from './test-universe.js';
import type { TestUniverse } from './types.js';

/**
 * Pure: per universe assumed from a dependency alone (TestUniverse.yieldsToConfigured), the files
 * of `paths` it takes for tests that a universe of another runner, defined by a configuration
 * file, takes too: the files whose texts decide whether it gives them up (yieldToConfigured).
 */
export function yieldCandidates(universes: readonly TestUniverse[], paths: readonly string[]): Map<TestUniverse, string[]> {
  const out = new Map<TestUniverse, string[]>();
  for (const u of universes) {
    if (!u.yieldsToConfigured) continue;
    const others = compileUniverses(universes.filter((o) => !o.yieldsToConfigured && o.configFile !== null && o.runner !== u.runner));
    const own = compileUniverses([u]);
    const claimed = paths.filter((p) => own.isTest(p) && others.isTest(p));
    if (claimed.length > 0) out.set(u, claimed);
  }
  return out;
}

/**
 * Pure: the universes, each assumed one without the candidates (yieldCandidates) whose text shows
 * they are written for another runner (`yieldsToConfigured.writtenFor`), listed as excludes by
 * their exact paths. Playwright assumed from `@playwright/test` in a package's dependencies takes
 * every `*.test.ts` by its defaults and counts the whole package as served to each: sveltejs/svelte's
 * vitest unit tests (`src/reactivity/map.test.ts`), which use Playwright only as a library, ran on
 * every change to any file of the package.
 */
export function yieldToConfigured(universes: readonly TestUniverse[], candidates: ReadonlyMap<TestUniverse, readonly string[]>, texts: ReadonlyMap<string, string>): TestUniverse[] {
  return universes.map((u) => {
    const marker = u.yieldsToConfigured ? new RegExp(u.yieldsToConfigured.writtenFor, 'm') : null;
    const given = marker === null ? [] : (candidates.get(u) ?? []).filter((p) => marker.test(texts.get(p) ?? ''));
    if (given.length === 0) return u;
    return { ...u, exclude: [...u.exclude, { regex: `^/(?:${given.map(escapeRegExp).join('|')})$`, absolute: true }] };
  });
}
