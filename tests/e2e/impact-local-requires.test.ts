import { describe, expect, it } from 'vitest';
import { gitRepo } from '../helpers/git-repo.js';
import { impactOfCommit, selectedFiles } from './impact-helpers.js';

// Node code loads modules inside functions too (lazily, or again under a name the file required at
// the top), and calls into what `require` returns without naming it. Each of these calls was read
// as a call into the runtime (what a call of the global `require` gives), so the changed method
// had no caller, and the test requiring its file was dropped as proven unaffected (found on
// fast-json-stringify: `Serializer.restoreFromState` in test/debug-mode.test.js).

const SERIALIZER = "'use strict'\nmodule.exports = class Serializer {\n  static restoreFromState (state) {\n    return new Serializer(state)\n  }\n}\n";
const RESTORE = "exports.restore = function restore (x) {\n  return x\n}\n";

const REPO = {
  'package.json': '{ "name": "demo", "private": true, "scripts": { "test": "node --test" } }\n',
  'lib/serializer.js': SERIALIZER,
  'lib/restore.js': RESTORE,
  'lib/lazy.js': "function lazy () {\n  const Serializer = require('./serializer')\n  return Serializer.restoreFromState(1)\n}\nmodule.exports = { lazy }\n",
  'lib/inline.js': "exports.inline = function inline () {\n  return require('./restore').restore(1)\n}\n",
  'test/shadow.test.js':
    "const { test } = require('node:test')\nconst Serializer = require('../lib/serializer')\n\ntest('restore', () => {\n  const Serializer = require('../lib/serializer')\n  Serializer.restoreFromState(1)\n})\n",
  'test/lazy.test.js': "const { test } = require('node:test')\nconst { lazy } = require('../lib/lazy')\n\ntest('lazy', () => {\n  lazy()\n})\n",
  'test/inline.test.js': "const { test } = require('node:test')\nconst { inline } = require('../lib/inline')\n\ntest('inline', () => {\n  inline()\n})\n",
  'test/inline-static.test.js': "const { test } = require('node:test')\n\ntest('restore', () => {\n  require('../lib/serializer').restoreFromState(1)\n})\n",
  'test/other.test.js': "const { test } = require('node:test')\n\ntest('other', () => {})\n",
};

describe('ratlas impact: modules required inside functions and called into directly', { timeout: 240_000 }, () => {
  it('selects the tests calling a method through a local or an inline require', async () => {
    const cwd = gitRepo(REPO);
    const serializer = await impactOfCommit(cwd, 'serializer', { 'lib/serializer.js': SERIALIZER.replace('return new Serializer(state)', "throw new Error('no')") });
    expect(selectedFiles(serializer)).toEqual(['test/inline-static.test.js', 'test/lazy.test.js', 'test/shadow.test.js']);
    const restore = await impactOfCommit(cwd, 'restore', { 'lib/restore.js': RESTORE.replace('return x', "throw new Error('no')") });
    expect(selectedFiles(restore)).toEqual(['test/inline.test.js']);
  });
});
