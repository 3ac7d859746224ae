/** What `ratlas init` found and would write (pipeline/init-project.ts), and the runner it detected. */

/** A step of a GitHub Actions job: an action with its inputs, or a shell command. */
export type CiStep = { uses: string; with?: Readonly<Record<string, string>> } | { run: string };

export interface RunnerDetection {
  /** The runner the tests run with (`vitest`, `jest`, `mocha`, `node`, `pytest`), or null. */
  runner: string | null;
  /** What the answer rests on: `package.json scripts.test`, a dependency, a config file. */
  evidence: string[];
}

/** The workflow `ratlas init` prints: the ecosystem's set-up steps and the runner's commands (argv). */
export interface InitWorkflow {
  runner: string;
  setup: CiStep[];
  /** Runs the listed test files (appended after this prefix). */
  some: string[];
  all: string[];
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
  /** The runners' configurations that define the tests, as impact and status read them. */
  universes: { runner: string; configFile: string | null; root: string; size: number }[];
  /** What a runner configuration did not let ratlas read statically, with what to set instead. */
  warnings: string[];
  /** Test files in those universes (or ratlas.config.json's tests.include, which overrides them). */
  testFiles: number;
  workflow: InitWorkflow;
  files: InitFile[];
}
