import { describe, expect, it } from 'vitest';
import { oclifConventionScopes } from '../../src/ecosystem/npm/oclif-manifest.js';

const manifest = (oclif: unknown, path = 'package.json') => new Map([[path, JSON.stringify({ name: 'mycli', version: '1.0.0', oclif })]]);

describe('oclifConventionScopes: what oclif loads from the nearest manifest', () => {
  it('the commands folder (a string or the pattern strategy) and the hooks, for an entry or a test', () => {
    expect(oclifConventionScopes('bin/run.js', '@oclif/core', manifest({ commands: './src/commands' }))).toEqual(['src/commands']);
    expect(oclifConventionScopes('test/cli.test.js', '@oclif/test', manifest({ commands: { strategy: 'pattern', target: './cmds' } }))).toEqual(['cmds']);
    expect(oclifConventionScopes('bin/run.js', '@oclif/core', manifest({ commands: './src/commands', hooks: { init: './src/hooks/init', prerun: ['./src/hooks/a.js'] } }))).toEqual([
      'src/commands',
      'src/hooks/init.*',
      'src/hooks/a.js',
    ]);
  });

  it("a TypeScript build's output folder: its sources under src too, which oclif loads in development", () => {
    expect(oclifConventionScopes('bin/dev.js', '@oclif/core', manifest({ commands: './dist/commands', hooks: { init: './dist/hooks/init' } }))).toEqual([
      'dist/commands',
      'src/commands',
      'dist/hooks/init.*',
      'src/hooks/init.*',
    ]);
    expect(oclifConventionScopes('packages/cli/bin/run.js', '@oclif/core', manifest({ commands: { strategy: 'explicit', target: './lib/index.js' } }, 'packages/cli/package.json'))).toEqual([
      'packages/cli/lib/index.js',
      'packages/cli/src/index.*',
    ]);
  });

  it('the explicit strategy: the module listing the commands', () => {
    expect(oclifConventionScopes('bin/run.js', '@oclif/core', manifest({ commands: { strategy: 'explicit', target: './src/index.js', identifier: 'COMMANDS' } }))).toEqual(['src/index.js']);
  });

  it('a command or a hook reaches the hooks only', () => {
    const m = manifest({ commands: './src/commands', hooks: { init: './src/hooks/init' } });
    expect(oclifConventionScopes('src/commands/hello.js', '@oclif/core', m)).toEqual(['src/hooks/init.*']);
    expect(oclifConventionScopes('src/hooks/init.js', '@oclif/core', m)).toEqual(['src/hooks/init.*']);
    expect(oclifConventionScopes('src/commands/hello.js', '@oclif/core', manifest({ commands: './src/commands' }))).toBeNull();
  });

  it('the nearest manifest decides; none for another package or a manifest without an oclif field', () => {
    const both = new Map([...manifest({ commands: './src/commands' }), ['packages/other/package.json', '{"name":"other"}']]);
    expect(oclifConventionScopes('packages/other/bin/run.js', '@oclif/core', both)).toBeNull();
    expect(oclifConventionScopes('packages/cli/bin/run.js', '@oclif/core', manifest({ commands: './src/commands' }, 'packages/cli/package.json'))).toEqual(['packages/cli/src/commands']);
    expect(oclifConventionScopes('bin/run.js', 'commander', manifest({ commands: './src/commands' }))).toBeNull();
  });

  it('the plugins of the tree it loads (plugins and devPlugins, by name or glob, listed as dependencies), and theirs', () => {
    const texts = new Map([
      ['package.json', JSON.stringify({ name: 'acme', dependencies: { '@acme/plugin-db': '*', '@acme/plugin-web': '*', other: '*' }, devDependencies: { '@acme/dev': '*' }, oclif: { commands: './src/commands', plugins: ['@acme/plugin-*'], devPlugins: ['@acme/dev'] } })],
      ['packages/db/package.json', JSON.stringify({ name: '@acme/plugin-db', oclif: { commands: './commands', hooks: { init: './hooks/init' } } })],
      ['packages/web/package.json', JSON.stringify({ name: '@acme/plugin-web', dependencies: { '@acme/inner': '*' }, oclif: { commands: './lib/commands', plugins: ['@acme/inner'] } })],
      ['packages/inner/package.json', JSON.stringify({ name: '@acme/inner', oclif: { commands: './cmds' } })],
      ['packages/dev/package.json', JSON.stringify({ name: '@acme/dev', oclif: { commands: './src/commands' } })],
      ['packages/other/package.json', JSON.stringify({ name: 'other', oclif: { commands: './commands' } })],
      ['packages/unlisted/package.json', JSON.stringify({ name: '@acme/plugin-unlisted', oclif: { commands: './commands' } })],
    ]);
    expect(oclifConventionScopes('bin/run.js', '@oclif/core', texts)).toEqual([
      'src/commands',
      'packages/db/commands',
      'packages/db/hooks/init.*',
      'packages/web/lib/commands',
      'packages/web/src/commands',
      'packages/dev/src/commands',
      'packages/inner/cmds',
    ]);
    // A command of the root reaches the hooks, its plugins' too.
    expect(oclifConventionScopes('src/commands/hello.js', '@oclif/core', texts)).toEqual(['packages/db/hooks/init.*']);
  });

  it("the build output's sources by the package's tsconfig (outDir to rootDir), and the single strategy's module", () => {
    const texts = (compilerOptions: unknown, oclif: unknown) =>
      new Map([
        ['package.json', JSON.stringify({ name: 'mycli', oclif })],
        ['tsconfig.json', `// JSONC\n${JSON.stringify({ compilerOptions })}`],
      ]);
    expect(oclifConventionScopes('bin/dev.js', '@oclif/core', texts({ rootDir: 'source', outDir: 'lib' }, { commands: './lib/commands' }))).toEqual(['lib/commands', 'source/commands', 'src/commands']);
    expect(oclifConventionScopes('bin/dev.js', '@oclif/core', texts({ rootDir: '.', outDir: './dist' }, { commands: './dist/src/commands' }))).toEqual(['dist/src/commands', 'src/commands', 'src/src/commands']);
    expect(oclifConventionScopes('bin/dev.js', '@oclif/core', texts({ rootDir: 'lib', outDir: 'build' }, { hooks: { init: './build/hooks/init.js' } }))).toEqual(['build/hooks/init.js', 'lib/hooks/init.*', 'src/hooks/init.*']);
    expect(oclifConventionScopes('bin/run.js', '@oclif/core', texts({}, { commands: { strategy: 'single', target: './src/index.js' } }))).toEqual(['src/index.js']);
  });
});
