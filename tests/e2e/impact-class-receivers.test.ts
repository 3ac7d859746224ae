import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { impactJson, selectedFiles } from './impact-helpers.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/**
 * A member called through a class itself (`Sub.from_row(row)`, `User.create(2)`) is often a base's
 * factory that constructs the class it is called on (`cls(row)`, `new this()`): what the instance
 * then runs unnamed (`__str__`, `toJSON`) is the class's, though no edge of the call leads there.
 */
describe('ratlas impact: factories called through a class', () => {
  it("python: str() of what a base's classmethod builds runs the subclass's __str__", async () => {
    const helper = (prefix: string) => lines('def fmt(v):', `    return "${prefix}" + str(v)`);
    const cwd = gitRepo({
      'pyproject.toml': lines('[tool.pytest.ini_options]', 'testpaths = ["tests"]', 'pythonpath = ["."]'),
      'lib/__init__.py': '',
      'lib/helper.py': helper('r'),
      'lib/base.py': lines('class Base:', '    def __init__(self, v=1):', '        self.v = v', '', '    @classmethod', '    def from_row(cls, row):', '        return cls(row[0])'),
      'lib/model.py': lines('from lib.base import Base', 'from lib.helper import fmt', '', '', 'class Sub(Base):', '    def __str__(self):', '        return fmt(self.v)'),
      'lib/use.py': lines('from lib.model import Sub', '', '', 'def show(row):', '    return str(Sub.from_row(row))'),
      'tests/test_use.py': lines('from lib.use import show', '', '', 'def test_show():', '    assert show([2]) == "r2"'),
      'tests/test_base.py': lines('from lib.base import Base', '', '', 'def test_base():', '    assert Base.from_row([3]).v == 3'),
    });
    commit(cwd, 'prefix', { 'lib/helper.py': helper('R') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['tests/test_use.py']);
  });

  it("typescript: JSON.stringify of what a base's static builds with new this() runs the subclass's toJSON", async () => {
    const helper = (prefix: string) => lines(`export const fmt = (v: number) => '${prefix}' + v;`);
    const cwd = gitRepo({
      'package.json': '{ "name": "demo", "private": true }\n',
      'src/helper.ts': helper('r'),
      'src/base.ts': lines('export class Base {', '  v = 1;', '  static create<T extends Base>(this: new () => T, v: number): T {', '    const o = new this();', '    o.v = v;', '    return o;', '  }', '}'),
      'src/model.ts': lines("import { Base } from './base';", "import { fmt } from './helper';", 'export class User extends Base {', '  toJSON() {', '    return fmt(this.v);', '  }', '}'),
      'src/use.ts': lines("import { User } from './model';", 'export const run = () => JSON.stringify(User.create(2));'),
      'test/use.test.ts': lines("import { run } from '../src/use';", "test('r', () => { expect(run()).toBe('\"r2\"'); });"),
    });
    commit(cwd, 'prefix', { 'src/helper.ts': helper('R') });
    expect(selectedFiles(await impactJson(cwd, ['--diff', 'HEAD~1...HEAD']))).toEqual(['test/use.test.ts']);
  });
});
