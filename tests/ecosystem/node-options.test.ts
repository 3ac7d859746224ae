import { describe, expect, it } from 'vitest';
import { scriptNodePreloads, scriptPreloads } from '../../src/ecosystem/npm/node-options.js';

const tree = new Set(['tools/register.mjs', 'tools/setup.cjs', 'packages/a/hooks.mjs', 'loader.mjs']);
const exists = (path: string) => tree.has(path);

describe('modules a package script preloads through NODE_OPTIONS', () => {
  it('reads bare, quoted and cross-env assignments, options with a separate or inline value, from the package folder', () => {
    expect(scriptNodePreloads(["NODE_OPTIONS='--import ./tools/register.mjs' node --test"], '', exists)).toEqual(['tools/register.mjs']);
    expect(scriptNodePreloads(['cross-env NODE_OPTIONS="-r ./tools/setup.cjs --max-old-space-size=4096" jest'], '', exists)).toEqual(['tools/setup.cjs']);
    expect(scriptNodePreloads(['NODE_OPTIONS=--import=./hooks.mjs vitest run', 'NODE_OPTIONS="--loader ../../loader.mjs" mocha'], 'packages/a', exists)).toEqual(['loader.mjs', 'packages/a/hooks.mjs']);
  });

  it('leaves out packages, files not in the tree, other variables and options', () => {
    expect(scriptNodePreloads(["NODE_OPTIONS='--import tsx' node --test", 'NODE_OPTIONS=--inspect jest', 'MY_NODE_OPTIONS="-r ./tools/setup.cjs" jest', 'node -r ./missing.js x'], '', exists)).toEqual([]);
  });

  it('scriptPreloads: any script of a manifest, on the command line or in NODE_OPTIONS', () => {
    const manifest = JSON.stringify({ scripts: { test: 'node --import ./tools/register.mjs --test', e2e: "NODE_OPTIONS='-r ./tools/setup.cjs' jest", lint: 'eslint .' } });
    expect(scriptPreloads(manifest, '', exists)).toEqual(['tools/register.mjs', 'tools/setup.cjs']);
    expect(scriptPreloads('{ not json', '', exists)).toEqual([]);
  });
});
