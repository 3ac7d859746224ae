/** What `ratlas init` found and would write (pipeline/init-project.ts), and the runner it detected. */

/** The test runners `ratlas init` knows how to write a workflow for (the action's `runner` input). */
export type DetectedRunner = 'vitest' | 'jest' | 'mocha' | 'node';

export interface RunnerDetection {
  runner: DetectedRunner | null;
  /** What the answer rests on: `package.json scripts.test`, a dependency, a config file. */
  evidence: string[];
  /** Runner configuration files at the root. */
  configFiles: string[];
  /** Test globs package.json gives jest (`jest.testMatch`), which ratlas's conventions may miss. */
  jestTestMatch: string[] | null;
}

/** A file `ratlas init` writes: created, appended to, or left as it is (and why). */
export interface InitFile {
  path: string;
  action: 'create' | 'append' | 'unchanged';
  /** The whole file (create) or the lines added (append); '' when unchanged. */
  content: string;
  why: string;
}

export interface InitPlan {
  root: string;
  languages: { id: string; files: number }[];
  /** Files in no language ratlas parses. */
  otherFiles: number;
  runner: RunnerDetection;
  /** Test files ratlas finds with its conventions (and the config, if one is written). */
  testFiles: number;
  files: InitFile[];
}
