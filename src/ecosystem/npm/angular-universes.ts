import type { TestUniverse } from '../types.js';
import { ConfigValues } from './config-values.js';
import { isObject } from './read-config-literal.js';
import { joinRepo, treeFiles } from './repo-paths.js';

/** The Angular CLI's test builders (`ng test`): karma's, jest's, web-test-runner's, the unit-test builder, and @angular-builders/jest. */
const TEST_BUILDER = /^@angular-devkit\/build-angular:(karma|jest|web-test-runner)$|^@angular\/build:(karma|unit-test)$|^@angular-builders\/jest:run$/;
/** The builders' default `include`, relative to the project's root. */
const SPEC_FILES = '**/*.spec.ts';
/** Options naming files the builder loads into the test bundle before (or with) every spec, from the workspace's folder. */
const LOADED_OPTIONS = ['main', 'polyfills', 'scripts', 'karmaConfig', 'setupFiles', 'providersFile'];

/**
 * Pure: the test universes of an Angular workspace (`angular.json` in `dir`), one per project whose
 * `test` target runs a test builder: its `include` (default `**\/*.spec.ts`, from the project's
 * root; a folder means the spec files in it), `exclude`, and the files every spec is bundled with:
 * `main` (the `src/test.ts` that sets up TestBed's environment), `polyfills` and `scripts` of the
 * tree, the karma config, the unit-test builder's `setupFiles` and `providersFile`. No runner config
 * of its own named these: a change to what `src/test.ts` imports failed every spec, and selected none.
 */
export function angularUniverses(dir: string, configFile: string, config: ConfigValues | null, ctx: { exists(path: string): boolean; dirs: readonly string[] }): TestUniverse[] {
  const projects = config?.object('projects');
  const out: TestUniverse[] = [];
  for (const name of Object.keys(isObject(projects?.raw) ? projects.raw : {}).sort()) {
    const project = projects!.object(name);
    const target = project?.object('architect', 'test') ?? project?.object('targets', 'test');
    const builder = target?.string('builder') ?? target?.string('executor');
    if (!target || builder === undefined || !TEST_BUILDER.test(builder)) continue;
    const options = target.object('options');
    const root = joinRepo(dir, `./${project!.string('root') ?? ''}`) ?? dir;
    const loaded = LOADED_OPTIONS.flatMap((field) => options?.strings(field) ?? []).map((spec) => (spec.startsWith('.') ? spec : `./${spec}`));
    out.push({
      ecosystem: 'npm',
      runner: 'angular',
      configFile,
      root,
      roots: [],
      include: (options?.strings('include') ?? [SPEC_FILES]).map((spec) => ({ glob: includeGlob(root, spec, ctx.dirs) })),
      exclude: [...(options?.strings('exclude') ?? []).map((glob) => ({ glob: glob.replace(/^\.\//, '') })), { glob: '**/node_modules/**' }],
      setupFiles: [...new Set([...treeFiles(dir, loaded, ctx.exists), configFile])].sort(),
      aliases: [],
      warnings: config ? [...new Set(config.warnings)] : [],
    });
  }
  return out;
}

/** An `include` entry as a glob from the project's root: a folder of the tree means the spec files in it. */
function includeGlob(root: string, spec: string, dirs: readonly string[]): string {
  const rel = spec.replace(/^\.\//, '').replace(/\/$/, '');
  const path = root === '' ? rel : `${root}/${rel}`;
  return !/[*?{[]/.test(rel) && dirs.includes(path) ? `${rel}/**/*.spec.@(ts|tsx)` : rel;
}
