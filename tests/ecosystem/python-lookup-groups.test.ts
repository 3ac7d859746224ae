import { describe, expect, it } from 'vitest';
import { pythonLookupGroups } from '../../src/ecosystem/python/lookup-groups.js';

describe('pythonLookupGroups: Python files one absolute import may load, by sys.path order', () => {
  it('groups modules of one name in test folders pytest puts on sys.path, and a package of src/', () => {
    const files = [
      'src/shop/__init__.py',
      'src/shop/util.py',
      'tests/shop.py',
      'tests/helpers.py',
      'tests/test_top.py',
      'tests/integration/helpers.py',
      'tests/integration/test_a.py',
      'tests/integration/conftest.py',
      'tests/conftest.py',
      'docs/helpers.py',
    ];
    expect(pythonLookupGroups(files, [])).toEqual([
      ['src/shop/__init__.py', 'tests/shop.py'],
      ['tests/helpers.py', 'tests/integration/helpers.py'],
    ]);
  });

  it('names a module through the packages above it, up to the test folder that is no package', () => {
    const files = ['tests/__init__.py', 'tests/util.py', 'tests/test_a.py', 'lib/util.py', 'tests/unit/util.py', 'tests/unit/test_b.py', 'util.py'];
    // tests/ is a package: its basedir is the root, where `tests.util` and `util` (util.py) are names.
    // tests/unit/ is not: `util` there is the root's `util` too.
    expect(pythonLookupGroups(files, [])).toEqual([['tests/unit/util.py', 'util.py']]);
  });

  it('leaves a package and a module of its name in one folder alone: the package answers', () => {
    expect(pythonLookupGroups(['shop/__init__.py', 'shop/util.py', 'shop/util/__init__.py', 'tests/test_a.py'], [])).toEqual([]);
  });

  it("groups modules of one name in the universe's pythonpath folders, which pytest puts first", () => {
    const files = ['packages/a/src/util.py', 'packages/b/src/util.py', 'packages/b/src/pb/__init__.py', 'packages/b/tests/test_b.py', 'lib/helpers.py', 'tests/helpers/__init__.py', 'tests/test_a.py'];
    const universe = { ecosystem: 'python', runner: 'pytest', configFile: 'pyproject.toml', root: '', roots: [], include: [], exclude: [], setupFiles: [], aliases: [], warnings: [] };
    const ahead = { paths: ['lib', 'packages/a/src', 'packages/b/src'], directories: [], ahead: ['packages/a/src', 'packages/b/src', 'lib'] };
    expect(pythonLookupGroups(files, [universe])).toEqual([]);
    expect(pythonLookupGroups(files, [{ ...universe, moduleLookup: ahead }])).toEqual([
      ['packages/a/src/util.py', 'packages/b/src/util.py'],
      ['lib/helpers.py', 'tests/helpers/__init__.py'],
    ]);
  });

  it('names modules of a namespace package split over pythonpath folders through its portions', () => {
    const files = ['packages/a/src/acme/settings.py', 'packages/a/src/acme/a/__init__.py', 'packages/b/src/acme/settings.py', 'packages/b/src/acme/b/__init__.py', 'packages/b/tests/test_b.py'];
    const universe = { ecosystem: 'python', runner: 'pytest', configFile: 'pyproject.toml', root: '', roots: [], include: [], exclude: [], setupFiles: [], aliases: [], warnings: [] };
    expect(pythonLookupGroups(files, [universe])).toEqual([]);
    const moduleLookup = { paths: ['packages/a/src', 'packages/b/src'], directories: [], ahead: ['packages/a/src', 'packages/b/src'] };
    expect(pythonLookupGroups(files, [{ ...universe, moduleLookup }])).toEqual([['packages/a/src/acme/settings.py', 'packages/b/src/acme/settings.py']]);
  });

  it('names modules of a namespace package split over the src/ folders of workspace members', () => {
    const files = ['packages/a/src/acme/settings.py', 'packages/b/src/acme/settings.py', 'packages/b/src/acme/b/__init__.py'];
    const universe = { ecosystem: 'python', runner: 'pytest', configFile: 'pyproject.toml', root: '', roots: [], include: [], exclude: [], setupFiles: [], aliases: [], warnings: [] };
    expect(pythonLookupGroups(files, [universe])).toEqual([]);
    const moduleLookup = { paths: ['packages/a', 'packages/a/src', 'packages/b', 'packages/b/src'], directories: [], installed: ['packages/a', 'packages/a/src', 'packages/b', 'packages/b/src'] };
    expect(pythonLookupGroups(files, [{ ...universe, moduleLookup }])).toEqual([['packages/a/src/acme/settings.py', 'packages/b/src/acme/settings.py']]);
  });

  it("takes a universe's own test names", () => {
    const files = ['checks/helpers.py', 'checks/check_a.py', 'helpers.py'];
    expect(pythonLookupGroups(files, [])).toEqual([]);
    const universe = { ecosystem: 'python', runner: 'pytest', configFile: 'pytest.ini', root: '', roots: [], include: [{ glob: '**/check_*.py' }], exclude: [], setupFiles: [], aliases: [], warnings: [] };
    expect(pythonLookupGroups(files, [universe])).toEqual([['checks/helpers.py', 'helpers.py']]);
  });
});
