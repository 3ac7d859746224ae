import { CONFIG_FILE, type RatlasConfig } from '../../config/load-config.js';
import { ECOSYSTEMS } from '../../ecosystem/registry.js';
import type { GitRepo } from '../../git/repo.js';
import type { Warning } from '../../model/warning.js';
import { languageForPath, LANGUAGES } from '../../lang/registry.js';
import { PathClassifier } from '../../select/classify-path.js';
import { selectPaths } from '../collect-sources.js';
import { readTestUniverse, type TreeSource } from './read-test-universe.js';

/** What one analysis knows of the repository before reading any index: its config and what a test is. */
export interface ImpactSetting {
  repo: GitRepo;
  config: RatlasConfig;
  /** Whether ratlas parses and indexes a path. */
  isCode: (path: string) => boolean;
  /** The language (id) of a path ratlas indexes, or null: by name, or for a script (withScripts) by its `#!` line. */
  languageOf: (path: string) => string | null;
  /** git pathspecs of the files ratlas indexes (`*.js`, a script's literal path): where code naming a file is looked for. */
  codePathspecs: readonly string[];
  /** Path roles, with the test universe of the tree whose tests are selected. */
  classifier: PathClassifier;
  /** Runner configurations that could not be read. */
  warnings: Warning[];
  /**
   * Configurations whose fields saying which files are tests could not be read, with those fields;
   * `imports` when the fields say where imports lead (TestUniverse.unknownImports).
   */
  unknownTests: { file: string | null; fields: readonly string[]; imports?: true }[];
}

/** Reads the runners' configurations of the tree whose tests are selected: they define what a test is. */
export async function impactSetting(repo: GitRepo, config: RatlasConfig, source: TreeSource): Promise<ImpactSetting> {
  const isCode = (path: string) => selectPaths([path], config).length === 1;
  const languageOf = (path: string) => (isCode(path) ? (languageForPath(path)?.id ?? null) : null);
  const universe = await readTestUniverse(repo, source, config);
  const classifier = new PathClassifier(config, isCode, CONFIG_FILE, universe, ECOSYSTEMS.map((e) => e.roles));
  const warnings: Warning[] = [];
  for (const u of universe.universes) {
    for (const message of u.warnings) warnings.push({ code: 'runner-config-unreadable', message, ...(u.configFile !== null && { file: u.configFile }) });
  }
  const unknownTests = universe.universes.flatMap((u) => [
    ...(u.unknownTests && u.unknownTests.length > 0 ? [{ file: u.configFile, fields: u.unknownTests }] : []),
    ...(u.unknownImports && u.unknownImports.length > 0 ? [{ file: u.configFile, fields: u.unknownImports, imports: true as const }] : []),
  ]);
  return { repo, config, isCode, languageOf, codePathspecs: CODE_PATHSPECS, classifier, warnings, unknownTests };
}

const CODE_PATHSPECS = LANGUAGES.flatMap((l) => l.extensions.map((ext) => `*${ext}`));

/**
 * The setting once the indexes say which files without an extension are scripts ratlas reads
 * (`bin/terser`, run by `#!/usr/bin/env node`; path -> language id), on either side of a change:
 * they are code too, and code naming a file may be one of them.
 */
export function withScripts(setting: ImpactSetting, scripts: ReadonlyMap<string, string>): ImpactSetting {
  if (scripts.size === 0) return setting;
  const isCode = (path: string) => setting.isCode(path) || scripts.has(path);
  const languageOf = (path: string) => setting.languageOf(path) ?? scripts.get(path) ?? null;
  const classifier = new PathClassifier(setting.config, isCode, CONFIG_FILE, setting.classifier.universe, ECOSYSTEMS.map((e) => e.roles));
  const codePathspecs = [...setting.codePathspecs, ...[...scripts.keys()].sort().map((path) => `:(literal)${path}`)];
  return { ...setting, isCode, languageOf, classifier, codePathspecs };
}

/**
 * Of the paths a change deleted or renamed away, those the tree's runner configurations still name
 * as files the runner loads for every test (a setup file, reporter, environment, transform, a
 * pytest `-p` plugin): the runner then fails to start, or runs every test without it. Read from the
 * same configurations with those paths taken as present (a configuration names a file only where
 * it exists); files whose definitions tests reach by name (conftest.py) are the fixtures' concern.
 */
export async function goneSetupFiles(setting: ImpactSetting, source: TreeSource, gone: readonly string[]): Promise<string[]> {
  if (gone.length === 0) return [];
  const universe = await readTestUniverse(setting.repo, source, setting.config, gone);
  const classifier = new PathClassifier(setting.config, setting.isCode, CONFIG_FILE, universe, ECOSYSTEMS.map((e) => e.roles));
  return gone.filter((path) => classifier.role(path) === 'test-setup' && !universe.setupByName.has(path)).sort();
}
