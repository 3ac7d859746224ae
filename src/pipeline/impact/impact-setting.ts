import { CONFIG_FILE, type RatlasConfig } from '../../config/load-config.js';
import { ECOSYSTEMS } from '../../ecosystem/registry.js';
import type { GitRepo } from '../../git/repo.js';
import type { Warning } from '../../model/warning.js';
import { PathClassifier } from '../../select/classify-path.js';
import { selectPaths } from '../collect-sources.js';
import { readTestUniverse, type TreeSource } from './read-test-universe.js';

/** What one analysis knows of the repository before reading any index: its config and what a test is. */
export interface ImpactSetting {
  repo: GitRepo;
  config: RatlasConfig;
  /** Whether ratlas parses and indexes a path. */
  isCode: (path: string) => boolean;
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
  return { repo, config, isCode, classifier, warnings, unknownTests };
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
