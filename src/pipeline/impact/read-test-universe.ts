import { readFile } from 'node:fs/promises';
import { DEFAULTS, type RatlasConfig } from '../../config/load-config.js';
import { ECOSYSTEMS, embeddedFiles, installedCommandsOf, testUniversesOf } from '../../ecosystem/registry.js';
import { compileUniverses, type CompiledUniverses } from '../../ecosystem/test-universe.js';
import type { PathPattern, TestUniverse } from '../../ecosystem/types.js';
import { yieldCandidates, yieldToConfigured } from '../../ecosystem/yield-to-configured.js';
import type { GitRepo } from '../../git/repo.js';
import { repoFilePath } from '../../util/path.js';

/** How many times the configurations' imports are followed (a config, the shared file it imports, the base that imports). */
const MAX_IMPORT_LEVELS = 3;

/** Where the tree to read is: a commit, or the working tree (the staging area reads as the working tree). */
export type TreeSource = { commit: string } | 'worktree';

/**
 * The test universe of a tree: the runners' configurations as the ecosystem adapters read them,
 * or, when ratlas.config.json sets `tests.include`, exactly that for which files are tests (the
 * override; the runners' setup files and aliases are still read); with neither, the
 * built-in conventions. Reads only the config files the adapters name.
 */
export async function readTestUniverse(repo: GitRepo, source: TreeSource, config: RatlasConfig, gone: readonly string[] = []): Promise<CompiledUniverses> {
  // `gone`: paths read as present though the tree lacks them, to learn what the configurations
  // would make of a file a change deleted or renamed away.
  const listed = source === 'worktree' ? await repo.listWorkingTree() : (await repo.listTree(source.commit)).map((e) => e.path);
  const paths = gone.length > 0 ? [...new Set([...listed, ...gone])].sort() : listed;
  const texts = await readTexts(repo, source, [...new Set(ECOSYSTEMS.flatMap((e) => e.configPaths(paths)))]);
  const files = { paths, read: (p: string) => texts.get(p) ?? null };
  // What the configurations import (a shared config named like no config, or kept in a workspace package), a few levels deep.
  const asked = new Set(texts.keys());
  for (let level = 0; level < MAX_IMPORT_LEVELS; level++) {
    const named = [...new Set(ECOSYSTEMS.flatMap((e) => e.configImports?.(files) ?? []))].filter((p) => !asked.has(p));
    if (named.length === 0) break;
    for (const path of named) asked.add(path);
    for (const [path, text] of await readTexts(repo, source, named)) texts.set(path, text);
  }
  const commands = installedCommandsOf(files);
  for (const e of ECOSYSTEMS) await e.prepare?.();
  if (JSON.stringify(config.tests.include) !== JSON.stringify(DEFAULTS.tests.include)) {
    const read = await withStrippingUndone(testUniversesOf(files), repo, source, paths);
    const override = [conventions(config, 'ratlas-config', 'ratlas.config.json'), ...read.map((u) => overridden(u, config))];
    return compileUniverses(override, embeddedFiles(override, paths), commands);
  }
  const read = await withInSourceTests(await withStrippingUndone(testUniversesOf(files), repo, source, paths), repo, source, paths);
  // A runner assumed from a dependency gives up the files another's configuration takes, by their texts.
  const candidates = yieldCandidates(read, paths);
  const universes = candidates.size === 0 ? read : yieldToConfigured(read, candidates, await readTexts(repo, source, [...new Set([...candidates.values()].flat())]));
  const chosen = universes.length > 0 ? universes : [conventions(config, 'defaults', null)];
  return compileUniverses(chosen, embeddedFiles(chosen, paths), commands);
}

/**
 * Universes with the tests no file name tells: in-source candidates (vitest `includeSource`,
 * pytest doctest modules) read once for all universes, those whose text holds the marker becoming
 * the universe's `inSourceTests`; and the text files it runs as tests (`textTests`: pytest's
 * doctest files), matched by path, and by text where a marker is required of them.
 */
async function withInSourceTests(universes: readonly TestUniverse[], repo: GitRepo, source: TreeSource, paths: readonly string[]): Promise<TestUniverse[]> {
  const candidates = universes.map(({ inSource, ...plain }) => (inSource ? matching(plain, inSource.include, paths) : []));
  const textCandidates = universes.map((u) => (u.textTests ? matching(u, u.textTests, paths) : []));
  const marked = textCandidates.filter((_, i) => universes[i]!.textTestMarker !== undefined);
  const texts = await readTexts(repo, source, [...new Set([...candidates.flat(), ...marked.flat()])]);
  return universes.map(({ inSource, ...plain }, i) => {
    const markedBy = inSource?.markedBy === undefined ? null : new RegExp(inSource.markedBy, 'm');
    const isMarked = (text: string | undefined) => text !== undefined && (text.includes(inSource!.marker) || (markedBy?.test(text) ?? false));
    const tests = inSource ? candidates[i]!.filter((p) => isMarked(texts.get(p))).sort() : [];
    const untraced = inSource?.untraced === undefined ? null : new RegExp(inSource.untraced, 'm');
    const marker = plain.textTestMarker;
    return {
      ...plain,
      ...(inSource && { inSourceTests: tests }),
      ...(untraced && { inSourceUntraced: tests.filter((p) => untraced.test(texts.get(p)!)) }),
      ...(plain.textTests && { textTestFiles: textCandidates[i]!.filter((p) => marker === undefined || texts.get(p)?.includes(marker)).sort() }),
    };
  });
}

/**
 * Universes whose runner strips types, but where a file of theirs undoes it (`stripsTypes.undoneBy`:
 * a test turning Python's `typing.TYPE_CHECKING` on): those lose `stripsTypes`, so an import for
 * types alone reaches their tests as any import. The candidates are read once for all universes.
 */
async function withStrippingUndone(universes: readonly TestUniverse[], repo: GitRepo, source: TreeSource, paths: readonly string[]): Promise<TestUniverse[]> {
  // Under the universe's root, not only its test folders: a test may call a helper the package
  // keeps beside its code (`pkg/testing.py`).
  const candidates = universes.map((u) => (u.stripsTypes?.undoneBy ? matching({ ...u, roots: [] }, u.stripsTypes.undoneBy.include, paths) : []));
  const texts = await readTexts(repo, source, [...new Set(candidates.flat())]);
  return universes.map((u, i) => {
    const undoneBy = u.stripsTypes?.undoneBy;
    if (undoneBy === undefined) return u;
    const text = new RegExp(undoneBy.text, 'm');
    const undoing = candidates[i]!.find((p) => text.test(texts.get(p) ?? ''));
    if (undoing === undefined) return u;
    const { stripsTypes: _undone, ...rest } = u;
    return { ...rest, warnings: [...u.warnings, `${undoing} may run imports made for types alone: they reach the tests as any import`] };
  });
}

/**
 * The paths a universe would take for tests with `include` for its patterns (its root, roots and
 * excludes kept). Setup and plugin files included: a module with docstring examples that the
 * runner also loads first (a Django application's templatetags module) is still collected.
 */
function matching(universe: TestUniverse, include: readonly PathPattern[], paths: readonly string[]): string[] {
  const matcher = compileUniverses([{ ...universe, include, setupFiles: [], pluginFiles: [] }]);
  return paths.filter((p) => matcher.isTest(p));
}

/** Texts of `paths` in the tree (a file that cannot be read is left out). */
async function readTexts(repo: GitRepo, source: TreeSource, paths: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (paths.length === 0) return texts;
  if (source === 'worktree') {
    await Promise.all(paths.map(async (p) => texts.set(p, await readFile(repoFilePath(repo.root, p), 'utf8').catch(() => ''))));
    return texts;
  }
  const reader = repo.openBlobReader();
  try {
    for (const p of paths) {
      const bytes = await reader.read(`${source.commit}:${p}`);
      if (bytes) texts.set(p, Buffer.from(bytes).toString('utf8'));
    }
  } finally {
    reader.close();
  }
  return texts;
}

/**
 * A runner's universe under ratlas.config.json `tests.include`: its tests are the ones the override
 * names (under its root), and what it says of them stays: the files it loads before them, where
 * its imports lead (aliases; unknown ones too). Dropped with the runner's configuration, a setup
 * file the tests load, or an alias they import through, reached no test.
 */
function overridden(universe: TestUniverse, config: RatlasConfig): TestUniverse {
  const { unknownTests: _answered, inSource: _byText, inSourceTests: _found, inSourceUntraced: _untraced, textTestFiles: _text, ...kept } = universe;
  return {
    ...kept,
    roots: [],
    include: config.tests.include.map((glob) => ({ glob, absolute: true })),
    exclude: config.tests.exclude.map((glob) => ({ glob, absolute: true })),
  };
}

function conventions(config: RatlasConfig, runner: string, configFile: string | null): TestUniverse {
  return {
    ecosystem: 'ratlas',
    runner,
    configFile,
    root: '',
    roots: [],
    include: config.tests.include.map((glob) => ({ glob })),
    exclude: config.tests.exclude.map((glob) => ({ glob })),
    setupFiles: [],
    aliases: [],
    warnings: [],
  };
}

/** Per universe: the runner, the configuration that defined it, and how many of `paths` are its tests. */
export function universeSummary(universe: CompiledUniverses, paths: readonly string[]): { runner: string; configFile: string | null; root: string; size: number }[] {
  const tests = paths.filter((p) => universe.isTest(p));
  return universe.universes.map((u) => {
    const one = compileUniverses([u]);
    return { runner: u.runner, configFile: u.configFile, root: u.root, size: tests.filter((t) => one.isTest(t)).length };
  });
}
