import { describe, expect, it } from 'vitest';
import { importNames, pythonDependencies as deps } from '../../src/ecosystem/python/dependencies.js';

describe('python dependency files, read statically', () => {
  it('diffs requirements files by package; options and URLs are not one package', () => {
    const before = 'Jinja2>=3.0  # templates\nrequests==2.31.0\nPyYAML\n';
    expect(deps.diffManifest('requirements.txt', before, 'jinja2>=3.1\nrequests == 2.31.0\npyyaml\nrich\n')).toEqual({ packages: ['jinja2', 'rich'], fields: [], runner: [] });
    expect(deps.diffManifest('requirements-dev.txt', before, `${before}-r base.txt\n`).fields).toHaveLength(1);
    expect(deps.manifest('requirements-dev.txt') && deps.manifest('pkg/requirements.in') && !deps.manifest('docs/reqs.txt')).toBe(true);
  });

  it('reads pyproject.toml part by part: dependencies, the runner, inert tools, the rest', () => {
    const base = [
      '[project]',
      'name = "shop"',
      'version = "1.0"',
      'dependencies = ["requests>=2", "attrs"]',
      '[project.optional-dependencies]',
      'yaml = ["PyYAML>=6"]',
      '[dependency-groups]',
      'tests = ["pytest"]',
      '[tool.pytest.ini_options]',
      'testpaths = ["tests"]',
      '[tool.ruff]',
      'line-length = 88',
      '',
    ].join('\n');
    const diff = (to: string) => deps.diffManifest('pyproject.toml', base, to);
    expect(diff(base.replace('"requests>=2"', '"requests>=2.31"').replace('PyYAML>=6', 'PyYAML>=6.0.1').replace('version = "1.0"', 'version = "1.1"'))).toEqual({
      packages: ['pyyaml', 'requests'],
      fields: [],
      runner: [],
    });
    expect(diff(base.replace('line-length = 88', 'line-length = 100'))).toEqual({ packages: [], fields: [], runner: [] });
    expect(diff(base.replace('testpaths = ["tests"]', 'testpaths = ["tests"]\naddopts = "-x"'))).toEqual({ packages: [], fields: [], runner: ['tool.pytest'] });
    expect(diff(`${base}[project.scripts]\nshop = "shop.cli:main"\n`)).toEqual({ packages: [], fields: ['project.scripts'], runner: [] });
    expect(diff(base.replace('tests = ["pytest"]', 'tests = ["pytest", "hypothesis"]')).packages).toEqual(['hypothesis']);
  });

  it("reads Poetry's tables and groups, setup.cfg's install_requires, setup.py as code", () => {
    const poetry = '[tool.poetry.dependencies]\npython = "^3.10"\nrequests = { version = "^2.0", extras = ["socks"] }\n[tool.poetry.group.dev.dependencies]\nblack = "^24"\n';
    expect(deps.diffManifest('pyproject.toml', poetry, poetry.replace('"^2.0"', '"^2.1"').replace('"^24"', '"^25"')).packages).toEqual(['black', 'requests']);
    const cfg = '[metadata]\nname = shop\n[options]\ninstall_requires =\n    requests>=2\n    click\n[tool:pytest]\ntestpaths = tests\n';
    expect(deps.diffManifest('setup.cfg', cfg, cfg.replace('click', 'click>=8').replace('name = shop', 'name = shop2'))).toEqual({ packages: ['click'], fields: [], runner: [] });
    expect(deps.diffManifest('setup.cfg', cfg, cfg.replace('testpaths = tests', 'testpaths = test')).runner).toEqual(['[tool:pytest] testpaths']);
    expect(deps.diffManifest('setup.py', 'x', 'y').fields).toHaveLength(1);
  });

  it('reads poetry.lock, uv.lock and Pipfile.lock into versions and dependencies', () => {
    const poetry = '[[package]]\nname = "Jinja2"\nversion = "3.1.2"\n[package.dependencies]\nMarkupSafe = ">=2.0"\n\n[[package]]\nname = "markupsafe"\nversion = "2.1.3"\n';
    const lock = deps.readLockfile('poetry.lock', poetry);
    expect(lock.dependencies.get('jinja2')).toEqual(new Set(['markupsafe']));
    const bumped = deps.readLockfile('poetry.lock', poetry.replace('2.1.3', '2.1.5'));
    expect(bumped.fingerprints.get('markupsafe')).not.toBe(lock.fingerprints.get('markupsafe'));
    expect(bumped.fingerprints.get('jinja2')).toBe(lock.fingerprints.get('jinja2'));
    const uv = '[[package]]\nname = "rich"\nversion = "13.7.0"\ndependencies = [{ name = "pygments" }, { name = "markdown-it-py" }]\n';
    expect(deps.readLockfile('uv.lock', uv).dependencies.get('rich')).toEqual(new Set(['pygments', 'markdown-it-py']));
    const pipfile = JSON.stringify({ _meta: {}, default: { Requests: { version: '==2.31.0' } }, develop: { pytest: { version: '==8.0.0' } } });
    expect([...deps.readLockfile('Pipfile.lock', pipfile).fingerprints.keys()]).toEqual(['requests', 'pytest']);
    expect(() => deps.readLockfile('uv.lock', '[[package]\n')).toThrow();
  });

  it('leaves out of a lock the packages whose source is a folder of the repository, not one outside it', () => {
    const uv = [
      '[[package]]\nname = "shop"\nversion = "0.1.0"\nsource = { editable = "." }\ndependencies = [{ name = "requests" }]',
      '[[package]]\nname = "shop-docs"\nversion = "0.1.0"\nsource = { virtual = "docs" }',
      '[[package]]\nname = "shop-core"\nversion = "0.1.0"\nsource = { directory = "libs/core" }',
      '[[package]]\nname = "sibling"\nversion = "0.1.0"\nsource = { directory = "../sibling" }',
      '[[package]]\nname = "requests"\nversion = "2.32.0"\nsource = { registry = "https://example.invalid/simple" }',
    ].join('\n\n');
    const lock = deps.readLockfile('uv.lock', uv);
    expect([...lock.fingerprints.keys()].sort()).toEqual(['requests', 'sibling']);
    expect([...lock.dependencies.keys()].sort()).toEqual(['requests', 'sibling']);
    const poetry = '[[package]]\nname = "core"\nversion = "1.0"\n\n[package.source]\ntype = "directory"\nurl = "libs/core"\n';
    expect([...deps.readLockfile('poetry.lock', poetry).fingerprints.keys()]).toEqual([]);
  });

  it('knows the module names distributions are imported by', () => {
    expect(importNames('PyYAML')).toEqual(['pyyaml', 'yaml']);
    expect(importNames('python-dateutil')).toEqual(['dateutil', 'python_dateutil']);
    expect(importNames('typing_extensions')).toEqual(['typing_extensions']);
    expect(importNames('attrs')).toEqual(['attr', 'attrs']);
  });
});
