import type { TestUniverse } from '../types.js';

/**
 * A test function called at the start of a line, as specs of the frameworks karma runs call them
 * (jasmine's and mocha's `describe`/`it`, mocha's `suite`/`test`, QUnit's `QUnit.test`).
 */
const SPEC_CALL = String.raw`^[ \t]*(?:describe|it|test|suite|context|QUnit\.(?:test|module))[ \t]*\(`;

/**
 * Pure: karma outside the Angular CLI (a karma.conf.* in `dir`, or a package script or dependency
 * naming karma). Its `files` list loads sources and specs into one page by any names
 * (`check/**` as well as `*.spec.js`), and the list sits in the function a karma.conf.js exports
 * (`config.set({ files })` in its body), which this reading does not evaluate. So its tests are
 * the package's script files whose text calls a test function at the start of a line: a superset
 * of the specs it may load. Types are never taken as stripped: karma-typescript and webpack's
 * ts-loader check them.
 */
export function karmaUniverse(dir: string, configFile: string | null): TestUniverse {
  return {
    ecosystem: 'npm',
    runner: 'karma',
    configFile,
    root: dir,
    roots: [],
    include: [],
    exclude: [{ glob: '**/node_modules/**' }],
    inSource: { include: [{ glob: '**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}' }], marker: 'describe(', markedBy: SPEC_CALL },
    setupFiles: [],
    aliases: [],
    warnings: [],
  };
}
