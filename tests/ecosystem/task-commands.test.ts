import { describe, expect, it } from 'vitest';
import { npmTaskCommands } from '../../src/ecosystem/npm/task-commands.js';

describe('npmTaskCommands: the part of a package.json that says what runs', () => {
  it('the scripts and other tool fields, not jest config or entries: a moduleNameMapper stub is run by no task', () => {
    const text = JSON.stringify({
      name: 'app',
      bin: { app: 'bin/app.js' },
      scripts: { pretest: 'node scripts/gen.mjs' },
      wireit: { build: { command: 'node scripts/build.mjs' } },
      jest: { moduleNameMapper: { '\\.svg$': '<rootDir>/test/svgMock.js' } },
    });
    const commands = npmTaskCommands('packages/app/package.json', text)!;
    expect(commands).toContain('gen.mjs');
    expect(commands).toContain('build.mjs');
    expect(commands).not.toContain('svgMock.js');
    expect(commands).not.toContain('bin/app.js');
  });

  it('null for another file, or a manifest that does not parse (its whole text counts)', () => {
    expect(npmTaskCommands('tox.ini', '[testenv]\n')).toBeNull();
    expect(npmTaskCommands('package.json', '{ "scripts": ')).toBeNull();
  });
});
