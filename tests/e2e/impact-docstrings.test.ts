import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const PYPROJECT = lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]', 'pythonpath = ["."]');

/**
 * A Python docstring is a value (`__doc__`): argparse and click build `--help` from it,
 * `inspect.getdoc` returns it. Its change is reported as doc-only and selects tests as a body
 * change does. A JSDoc comment is no value: its change selects nothing.
 */
describe('ratlas impact: documentation the program reads', () => {
  it('a handler docstring argparse shows as its subcommand help', async () => {
    const handler = (doc: string) => lines('def rate(args):', `    """${doc}"""`, '    return 2');
    const cwd = gitRepo({
      'pyproject.toml': PYPROJECT,
      'lib/__init__.py': '',
      'lib/handlers.py': handler('Print the rate.'),
      'lib/cli.py': lines(
        'import argparse',
        '',
        'from lib.handlers import rate',
        '',
        '',
        'def parser():',
        '    p = argparse.ArgumentParser(prog="t")',
        '    p.add_subparsers().add_parser("rate", help=rate.__doc__).set_defaults(fn=rate)',
        '    return p',
      ),
      'tests/test_cli.py': lines('from lib.cli import parser', '', '', 'def test_help():', '    assert "Print the rate." in parser().format_help()'),
    });
    commit(cwd, 'docs', { 'lib/handlers.py': handler('Show the rate.') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(report.changes.flatMap((c) => c.symbols.map((s) => `${s.qualname} ${s.change}`))).toEqual(['rate doc']);
    expect(selectedFiles(report)).toEqual(['tests/test_cli.py']);
  });

  it('a class docstring inspect.getdoc reads, and a module docstring its top-level code reads', async () => {
    const cmds = (doc: string) => lines('class Rate:', `    """${doc}"""`, '', '    def run(self):', '        return 2');
    const tool = (doc: string) => lines(`"""${doc}"""`, 'import argparse', '', 'PARSER = argparse.ArgumentParser(description=__doc__)');
    const cwd = gitRepo({
      'pyproject.toml': PYPROJECT,
      'lib/__init__.py': '',
      'lib/cmds.py': cmds('Print the rate.'),
      'lib/help.py': lines('import inspect', '', 'from lib.cmds import Rate', '', '', 'def help_text():', '    return inspect.getdoc(Rate)'),
      'lib/tool.py': tool('Rates.'),
      'tests/test_help.py': lines('from lib.help import help_text', '', '', 'def test_help():', '    assert help_text() == "Print the rate."'),
      'tests/test_tool.py': lines('from lib.tool import PARSER', '', '', 'def test_tool():', '    assert "Rates." in PARSER.format_help()'),
    });
    commit(cwd, 'class docs', { 'lib/cmds.py': cmds('Show the rate.') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_help.py']);
    commit(cwd, 'module docs', { 'lib/tool.py': tool('Prices.') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_tool.py']);
  });

  it('a JSDoc comment is no value: its change is doc-only and selects nothing', async () => {
    const price = (doc: string) => lines(`/** ${doc} */`, 'export function price(x: number) { return x * 100; }');
    const cwd = gitRepo({
      'package.json': '{ "name": "demo", "private": true }\n',
      'src/price.ts': price('The price.'),
      'tests/price.test.ts': lines("import { price } from '../src/price';", "test('price', () => { expect(price(1)).toBe(100); });"),
    });
    commit(cwd, 'docs', { 'src/price.ts': price('The price in cents.') });
    const report = await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']);
    expect(selectedFiles(report)).toEqual([]);
    expect(report.tests.ignored.map((i) => `${i.file} ${i.code}`)).toEqual(['src/price.ts doc-only']);
  });
});
