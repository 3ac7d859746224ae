import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE, loadConfig } from '../config/load-config.js';
import { ECOSYSTEMS } from '../ecosystem/registry.js';
import { compileUniverses } from '../ecosystem/test-universe.js';
import type { EcosystemAdapter, ProjectFiles, RunnerGuess } from '../ecosystem/types.js';
import { GitRepo } from '../git/repo.js';
import { languageForPath } from '../lang/registry.js';
import type { InitFile, InitPlan, InitWorkflow } from '../model/init-plan.js';
import { readTestUniverse, universeSummary } from './impact/read-test-universe.js';

const GITIGNORE_LINE = '.ratlas/';

/**
 * What `ratlas init` would do in the repository at `cwd`: the languages, the test runner and the test
 * universe its configuration defines (read as `impact` reads it, so that what init reports is what
 * selection uses), the workflow for that runner, and `.ratlas/` in .gitignore. ratlas.config.json is
 * never written by guess: the runners' own configurations define the tests, and where one cannot
 * be read statically the plan says so and what to set. Writes nothing: see {@link applyInit}.
 * Running it again after applying plans nothing new (every file `unchanged`).
 */
export async function planInit(cwd: string): Promise<InitPlan> {
  const repo = await GitRepo.open(cwd);
  const paths = (await repo.listWorkingTree()).filter((p) => existsSync(join(repo.root, p)));
  const counts = new Map<string, number>();
  let otherFiles = 0;
  for (const p of paths) {
    const lang = languageForPath(p);
    if (lang) counts.set(lang.id, (counts.get(lang.id) ?? 0) + 1);
    else otherFiles++;
  }
  const read = (p: string) => (existsSync(join(repo.root, p)) ? readFileSync(join(repo.root, p), 'utf8') : null);
  const { config } = loadConfig(repo.root);
  const universe = await readTestUniverse(repo, 'worktree', config);
  const universes = universeSummary(universe, paths);
  const testFiles = paths.filter((p) => universe.isTest(p)).length;

  const wanted = new Set(ECOSYSTEMS.flatMap((e) => e.configPaths(paths)));
  const files: ProjectFiles = { paths, read: (p) => (wanted.has(p) ? read(p) : null) };
  const present = ECOSYSTEMS.filter((e) => e.detect(files));
  const guesses = present.flatMap((e) => {
    const guess = e.detectRunner(files);
    return guess ? [{ ecosystem: e, guess }] : [];
  });
  // Several runners (a TypeScript front end beside a Python back end): the one with the most tests.
  // Universes of one runner can overlap (a root config and a package's), so tests are counted once.
  const testsOf = (runner: string) => {
    const of = compileUniverses(universe.universes.filter((u) => u.runner === runner));
    return paths.filter((p) => of.isTest(p)).length;
  };
  const chosen = [...guesses].sort((a, b) => testsOf(b.guess.runner) - testsOf(a.guess.runner))[0];
  const evidence = chosen ? [...chosen.guess.evidence, ...guesses.filter((g) => g !== chosen).map((g) => `also ${g.guess.runner} (${g.guess.evidence.join('; ')})`)] : [];

  const planned: InitFile[] = [];
  if (read(CONFIG_FILE) !== null) planned.push({ path: CONFIG_FILE, action: 'unchanged', content: '', why: 'exists; ratlas init never rewrites it' });
  const gitignore = read('.gitignore');
  const ignored = gitignore !== null && gitignore.split(/\r?\n/).some((l) => ['.ratlas', '.ratlas/', '/.ratlas', '/.ratlas/'].includes(l.trim()));
  if (ignored) planned.push({ path: '.gitignore', action: 'unchanged', content: '', why: 'already ignores .ratlas/' });
  else if (gitignore === null) planned.push({ path: '.gitignore', action: 'create', content: `${GITIGNORE_LINE}\n`, why: 'the index artifacts ratlas keeps' });
  else planned.push({ path: '.gitignore', action: 'append', content: `${gitignore.endsWith('\n') || gitignore === '' ? '' : '\n'}${GITIGNORE_LINE}\n`, why: 'the index artifacts ratlas keeps' });

  const warnings = universe.universes.flatMap((u) =>
    u.warnings.map((w) => `${w}; if the tests are others, list them in ${CONFIG_FILE} tests.include`),
  );
  const languages = [...counts].map(([id, n]) => ({ id, files: n })).sort((a, b) => b.files - a.files || (a.id < b.id ? -1 : 1));
  return {
    root: repo.root,
    languages,
    otherFiles,
    runner: { runner: chosen?.guess.runner ?? null, evidence },
    universes,
    warnings,
    testFiles,
    workflow: workflowFor(chosen, present, files),
    files: planned,
  };
}

/** The chosen runner's workflow; with none, the default runner of the first ecosystem present (npm's first). */
function workflowFor(chosen: { ecosystem: EcosystemAdapter; guess: RunnerGuess } | undefined, present: readonly EcosystemAdapter[], files: ProjectFiles): InitWorkflow {
  const ecosystem = chosen?.ecosystem ?? present[0] ?? ECOSYSTEMS[0]!;
  const command = ecosystem.commands.find((c) => c.runner === chosen?.guess.runner) ?? ecosystem.commands[0]!;
  return { runner: command.runner, setup: ecosystem.ciSetup(files), some: [...command.some], all: [...command.all] };
}

/** Writes what the plan creates or appends. */
export function applyInit(plan: InitPlan): void {
  for (const f of plan.files) {
    if (f.action === 'create') writeFileSync(join(plan.root, f.path), f.content, { flag: 'wx' });
    else if (f.action === 'append') writeFileSync(join(plan.root, f.path), f.content, { flag: 'a' });
  }
}
