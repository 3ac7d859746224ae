import { describe, expect, it } from 'vitest';
import { scriptNodePaths } from '../../src/ecosystem/npm/node-path.js';

describe('folders a package script puts on NODE_PATH', () => {
  it('reads bare, quoted and cross-env assignments, each part from the package folder', () => {
    expect(scriptNodePaths(['NODE_PATH=src jest'], '')).toEqual(['src']);
    expect(scriptNodePaths(['cross-env NODE_PATH="./src:lib/" mocha test'], 'packages/a')).toEqual(['packages/a/lib', 'packages/a/src']);
    expect(scriptNodePaths(["npm run build && NODE_PATH='../shared' node --test"], 'packages/a')).toEqual(['packages/shared']);
    // `;` separates folders inside quotes (Windows); bare, a shell ends the command there.
    expect(scriptNodePaths(['cross-env NODE_PATH="src;lib" jest', 'NODE_PATH=app; jest'], '')).toEqual(['app', 'lib', 'src']);
  });

  it('leaves out variables, paths outside the repository and scripts that set none', () => {
    expect(scriptNodePaths(['NODE_PATH=$NODE_PATH:src jest', 'cross-env NODE_PATH="%NODE_PATH%;lib" jest'], '')).toEqual(['lib', 'src']);
    expect(scriptNodePaths(['NODE_PATH=../../outside jest', 'NODE_PATH=/usr/lib/node jest'], 'a')).toEqual([]);
    expect(scriptNodePaths(['jest --ci', 'MY_NODE_PATH=src jest', 'echo NODE_PATH'], '')).toEqual([]);
  });
});
