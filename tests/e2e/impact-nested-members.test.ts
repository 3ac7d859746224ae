import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

// Issue 21: object-literal methods, named callbacks and functions assigned to member paths are
// symbols of their own (callers finer than the function around them). A change inside one must
// still reach the tests that run it, although no edge leads to it: through the function that
// holds it, or through the module's top-level state for one at the top of a file.
describe('ratlas impact: members of literals and named callbacks', { timeout: 240_000 }, () => {
  it('reaches the callers of the function that returns the changed method, the loaders of a module whose top-level callback changed, the readers of a changed constant', async () => {
    const cwd = gitRepo({
      'src/controls.js': "export function useControls() {\n  return {\n    open() { return 'a'; },\n  };\n}\n",
      'src/registry.js': "import { each } from './each.js';\nexport const registry = {};\neach(['a'], function register(m) { registry[m] = m; });\n",
      'src/each.js': 'export function each(list, f) { list.forEach(f); }\n',
      'src/other.js': 'export function other() { return 1; }\n',
      // No name of the changed method is written here: only what holds it leads to this test.
      'tests/controls.test.js': "import { useControls } from '../src/controls.js';\nconst name = 'op' + 'en';\nuseControls()[name]();\n",
      'tests/registry.test.js': "import { registry } from '../src/registry.js';\nconsole.log(registry.a);\n",
      'tests/other.test.js': "import { other } from '../src/other.js';\nother();\n",
      'src/config.js': "import { make } from './make.js';\nexport const config = make({ debug: false });\nexport function isDebug() { return config.debug; }\n",
      'src/make.js': 'export function make(o) { return o; }\n',
      'tests/config.test.js': "import { isDebug } from '../src/config.js';\nisDebug();\n",
    });
    commit(cwd, 'open changes', { 'src/controls.js': "export function useControls() {\n  return {\n    open() { return 'b'; },\n  };\n}\n" });
    const opened = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(opened.changes.flatMap((c) => c.symbols.map((s) => s.qualname))).toEqual(['useControls.open']);
    expect(selectedFiles(opened)).toEqual(['tests/controls.test.js']);
    expect(opened.impacted.map((i) => `${i.file}#${i.qualname} via ${i.via.map((v) => v.relation).join(',')}`)).toEqual([
      'src/controls.js#useControls via member-of',
      'tests/controls.test.js#<module> via member-of,calls',
    ]);
    commit(cwd, 'register changes', { 'src/registry.js': "import { each } from './each.js';\nexport const registry = {};\neach(['a'], function register(m) { registry[m] = m + m; });\n" });
    const registered = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(registered.changes.flatMap((c) => c.symbols.map((s) => s.qualname))).toEqual(['each.register']);
    expect(selectedFiles(registered)).toEqual(['tests/registry.test.js']);
    expect(registered.impacted.map((i) => `${i.file}#${i.qualname} via ${i.via.map((v) => v.relation).join(',')}`)).toEqual([
      'src/registry.js#<module> via member-of',
      'tests/registry.test.js#<module> via member-of,imports',
    ]);
    // A top-level variable (a symbol since issue 21) is top-level state, as its initializer was before.
    commit(cwd, 'config changes', { 'src/config.js': "import { make } from './make.js';\nexport const config = make({ debug: true });\nexport function isDebug() { return config.debug; }\n" });
    const configured = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(configured.changes.flatMap((c) => c.symbols.map((s) => s.qualname))).toEqual(['config']);
    expect(selectedFiles(configured)).toEqual(['tests/config.test.js']);
    expect(configured.impacted.map((i) => `${i.file}#${i.qualname} via ${i.via.map((v) => v.relation).join(',')}`)).toEqual([
      'src/config.js#<module> via member-of',
      // `return config.debug` reads the constant: what isDebug returns changed with it.
      'src/config.js#isDebug via reads',
      'tests/config.test.js#<module> via member-of,imports',
    ]);
  });
});
