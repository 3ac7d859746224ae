import type { ResolutionTraits } from '../types.js';

/**
 * Python's calls that load modules they do not name literally, with the receivers that make them
 * one and a reason code (ResolutionTraits.loaderCalls): the import floor's dynamic loaders.
 */
export const PYTHON_LOADER_CALLS: NonNullable<ResolutionTraits['loaderCalls']> = {
  // With a computed name only (references.scm): `__import__("pydoc")` is an import of pydoc.
  'import_module*': [{ code: 'import-module', receivers: [null] }],
  '__import__*': [{ code: 'dunder-import', receivers: [null] }],
  entry_points: [{ code: 'entry-points', receivers: ['importlib.metadata', 'metadata', 'importlib_metadata', null] }],
  iter_entry_points: [{ code: 'entry-points', receivers: ['pkg_resources', null] }],
  load_entry_point: [{ code: 'entry-points', receivers: ['pkg_resources', null] }],
  iter_modules: [{ code: 'pkgutil-loading', receivers: ['pkgutil', null] }],
  walk_packages: [{ code: 'pkgutil-loading', receivers: ['pkgutil', null] }],
  files: [{ code: 'package-resources', receivers: ['importlib.resources', 'resources', 'importlib_resources'] }],
  read_text: [{ code: 'package-resources', receivers: ['importlib.resources', 'resources', 'importlib_resources', 'pkgutil'] }],
  open_text: [{ code: 'package-resources', receivers: ['importlib.resources', 'resources', 'importlib_resources'] }],
  get_data: [{ code: 'package-resources', receivers: ['pkgutil'] }],
  // A folder put on the import path makes its modules importable by names resolution leaves
  // outside the tree (`sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'scripts'))`
  // then `import tool`): the folder, where load-dirs.ts can read it, is what the file may load.
  // A package's own `__path__` extended the same way (`__path__.append(os.path.join(
  // os.path.dirname(__file__), '..', 'extra'))`) makes `pkg.x` load `extra/x.py`.
  insert: [{ code: 'sys-path', receivers: ['sys.path', '__path__'] }],
  append: [{ code: 'sys-path', receivers: ['sys.path', '__path__'] }],
  extend: [{ code: 'sys-path', receivers: ['sys.path', '__path__'] }],
  addsitedir: [{ code: 'sys-path', receivers: ['site'] }],
  // A computed `pytest_plugins` (references.scm): pytest imports modules for their fixtures by
  // names the text does not hold.
  'pytest_plugins*': [{ code: 'pytest-plugins', receivers: [null] }],
  // `request.getfixturevalue(name)` with a computed name may run any fixture (load-dirs.ts
  // bounds the literal ones: they are fixture references).
  getfixturevalue: [{ code: 'dynamic-fixture' }],
  // `pytest.main([path])` inside a test collects and runs other tests in the same process, which
  // import what they like (a folder's tests, a plugin by `-p`): a load of anything.
  main: [{ code: 'pytest-main', receivers: ['pytest'] }],
  // unittest's discovery imports every test module under its start folder (`unittest.TestLoader()
  // .discover(os.path.join(ROOT, "lib", "selfcheck"))` inside a pytest test): load-dirs.ts bounds
  // it to that folder. Only on a test loader (spell-path.ts spells `unittest.TestLoader()` as `new
  // unittest.TestLoader()`): other objects have `discover` methods too.
  discover: [{ code: 'unittest-discovery', receivers: ['unittest.defaultTestLoader', 'defaultTestLoader', 'new unittest.TestLoader()', 'new TestLoader()', 'loader', 'test_loader'] }],
  // Django imports `<app>/management/commands/<name>.py` of whichever installed application has
  // it, by the command's name (`call_command("greet")`, manage.py's `execute_from_command_line`):
  // load-dirs.ts bounds it to that command, or to every application's commands.
  call_command: [{ code: 'django-command', receivers: ['django.core.management', 'management', null] }],
  execute_from_command_line: [{ code: 'django-command', receivers: ['django.core.management', 'management', null] }],
  load_command_class: [{ code: 'django-command', receivers: ['django.core.management', 'management', null] }],
  ManagementUtility: [{ code: 'django-command', receivers: ['django.core.management', 'management', null] }],
  // `autodiscover_modules("plugins")` imports `<app>/plugins.py` of every installed application
  // (the admin's `admin.py` the same way): load-dirs.ts bounds it to modules of those names.
  autodiscover_modules: [{ code: 'django-autodiscover', receivers: ['django.utils.module_loading', 'module_loading', null] }],
  // doctest runs the examples of a text file (`doctest.testfile("../docs/usage.txt")`,
  // `DocFileSuite(...)`), whose imports no index holds: they may load any module (load-dirs.ts
  // tells the calls that run none from the others).
  testfile: [{ code: 'doctest-file', receivers: ['doctest', null] }],
  // And the examples of a module's docstrings (`doctest.testmod(shop.show)`, `DocTestSuite(...)`):
  // an example's own imports (`>>> from shop.helper import fmt`) are text no index traces.
  testmod: [{ code: 'doctest-file', receivers: ['doctest', null] }],
  DocTestSuite: [{ code: 'doctest-file', receivers: ['doctest', null] }],
  run_docstring_examples: [{ code: 'doctest-file', receivers: ['doctest', null] }],
  DocFileSuite: [{ code: 'doctest-file', receivers: ['doctest', null] }],
  DocFileTest: [{ code: 'doctest-file', receivers: ['doctest', null] }],
  // Examples run by hand: parsed from a text (`DocTestParser().get_doctest(open(path).read(), ...)`,
  // `get_examples(text)` then `exec` of each), or found in a module (`DocTestFinder().find(m)`), then
  // run (`DocTestRunner().run(test)`, a subclass of it): the examples import what they like.
  DocTestParser: [{ code: 'doctest-file', receivers: ['doctest', null] }],
  DocTestRunner: [{ code: 'doctest-file', receivers: ['doctest', null] }],
  DebugRunner: [{ code: 'doctest-file', receivers: ['doctest', null] }],
};

/** Codes load-dirs.ts bounds from a file's text; the others load by a name computed at run time. */
const BOUNDED = new Set(['sys-path', 'dynamic-fixture', 'unittest-discovery', 'django-command', 'django-autodiscover', 'doctest-file']);

/** The called names the loader table gives `code` (`doctest-file`: `testfile`, `testmod`, ...), for a file's text to be read by. */
export function loaderCallsCoded(code: string): string[] {
  return Object.entries(PYTHON_LOADER_CALLS)
    .filter(([, calls]) => calls.some((c) => c.code === code))
    .map(([name]) => name);
}

/** The called names of the loads by a computed name (`import_module`, `entry_points`, ...). */
export const NAME_LOADER_CALLS: readonly string[] = Object.entries(PYTHON_LOADER_CALLS)
  .filter(([, calls]) => calls.some((c) => !BOUNDED.has(c.code)))
  .map(([name]) => name.replace(/\*$/, ''));

/** The called names of run-folders.ts RUN_CALL, and of what runs a module by its name (`runpy.run_module`, a subprocess's `-m`): ResolutionTraits.handedPaths `runs`. */
export const PYTHON_RUN_CALLS = ['run_path', 'spec_from_file_location', 'SourceFileLoader', 'SourcelessFileLoader', 'exec', 'eval', 'compile', 'run_module', 'run', 'call', 'check_call', 'check_output', 'Popen'];
