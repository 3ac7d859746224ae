import { describe, expect, it } from 'vitest';
import { python } from '../../src/ecosystem/python/adapter.js';
import type { ProjectFiles } from '../../src/ecosystem/types.js';

function tree(files: Record<string, string>): ProjectFiles {
  return { paths: Object.keys(files).sort(), read: (path) => files[path] ?? null };
}

describe('python ecosystem: pytest test universes, read statically', () => {
  it('uses pytest defaults without a configuration, every conftest.py a setup file', () => {
    const files = tree({ 'pkg/a.py': '', 'tests/conftest.py': '', 'tests/unit/conftest.py': '', 'tests/unit/test_a.py': '' });
    expect(python.detect(files)).toBe(true);
    expect(python.testUniverses(files)).toEqual([
      expect.objectContaining({
        runner: 'defaults',
        configFile: null,
        root: '',
        roots: [],
        include: [{ glob: '**/test_*.py' }, { glob: '**/*_test.py' }],
        setupFiles: ['tests/conftest.py', 'tests/unit/conftest.py'],
      }),
    ]);
  });

  it('reads [tool.pytest.ini_options] from pyproject.toml', () => {
    const files = tree({
      'pyproject.toml': '[project]\nname = "x"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests", "./integration/"]\npython_files = ["check_*.py"]\nnorecursedirs = ["fixtures"]\n',
      'tests/check_a.py': '',
    });
    const [universe] = python.testUniverses(files);
    expect(universe).toMatchObject({
      runner: 'pytest',
      configFile: 'pyproject.toml',
      roots: ['tests', 'integration'],
      include: [{ glob: '**/check_*.py' }],
      exclude: [{ glob: '**/fixtures/**' }],
    });
  });

  it('follows pytest precedence: pytest.ini over pyproject.toml over tox.ini over setup.cfg', () => {
    const base = {
      'setup.cfg': '[tool:pytest]\ntestpaths = from_cfg\n',
      'tox.ini': '[tox]\nenvlist = py311\n\n[pytest]\ntestpaths =\n    from_tox\n    more_tox\n',
      'a.py': '',
    };
    expect(python.testUniverses(tree(base))[0]).toMatchObject({ configFile: 'tox.ini', roots: ['from_tox', 'more_tox'] });
    expect(python.testUniverses(tree({ ...base, 'pytest.ini': '[pytest]\npython_files = *_spec.py\n' }))[0]).toMatchObject({
      configFile: 'pytest.ini',
      roots: [],
      include: [{ glob: '**/*_spec.py' }],
    });
    expect(python.testUniverses(tree({ 'setup.cfg': base['setup.cfg'], 'a.py': '' }))[0]).toMatchObject({ configFile: 'setup.cfg', roots: ['from_cfg'] });
  });

  it('a nested configuration is its own rootdir; invalid TOML warns and keeps the defaults', () => {
    const files = tree({ 'pyproject.toml': '[tool.pytest.ini_options\n', 'services/api/pytest.ini': '[pytest]\n', 'services/api/test_x.py': '' });
    const universes = python.testUniverses(files);
    expect(universes.map((u) => [u.root, u.configFile])).toEqual([
      ['', null],
      ['services/api', 'services/api/pytest.ini'],
    ]);
    expect(universes[0]!.exclude).toContainEqual({ glob: 'services/api/**' });
    expect(universes.flatMap((u) => u.warnings).join('\n')).toMatch(/pyproject\.toml is not valid TOML/);
  });

  it('runs pytest as a module', () => {
    expect(python.commands[0]).toEqual({ runner: 'pytest', some: ['python', '-m', 'pytest'], all: ['python', '-m', 'pytest'] });
  });
});
