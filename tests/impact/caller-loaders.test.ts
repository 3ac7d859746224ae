import { describe, expect, it } from 'vitest';
import { callerLoaders } from '../../src/pipeline/impact/loader-scopes.js';

/** Texts by path, as a side's texts are read. */
const reader = (texts: Record<string, string>) => async (paths: readonly string[]) => new Map(paths.flatMap((p) => (texts[p] === undefined ? [] : [[p, texts[p]] as const])));

const LIB = ['lib/alpha.js', 'lib/beta.js', 'lib/item1.js', 'lib/load.js'];

/** The files each test loads through lib/load.js (which requires what it is handed), the test's text given. */
async function loadedBy(tests: Record<string, string>, extra: Record<string, string> = {}): Promise<Record<string, string[]>> {
  const texts = { 'lib/load.js': 'module.exports = (name) => require(name);\n', ...extra, ...tests };
  // Every test imports the helper, and the other files given.
  const importers: Record<string, string[]> = Object.fromEntries(['lib/load.js', ...Object.keys(extra)].map((f) => [f, Object.keys(tests)]));
  const files = new Set([...LIB, ...Object.keys(texts)]);
  const loaders = await callerLoaders([{ file: 'lib/load.js', code: 'dynamic-require' }], (f) => importers[f] ?? [], () => false, files, reader(texts), () => '<package>');
  const out: Record<string, string[]> = {};
  // What the tests' require strings name as a whole (`'../lib/load'`, `'./names'`) is left out.
  for (const l of loaders) if (l.file !== 'lib/load.js' && l.scope !== 'lib/load.js' && !(l.scope in extra)) (out[l.file] ??= []).push(l.scope);
  return out;
}

describe('callerLoaders: a name a caller glues from pieces names the files it may spell', () => {
  it('static pieces glued spell one name; a computed piece beside three letters or more, any name they bound', async () => {
    const loaded = await loadedBy({
      'test/concat.test.js': "const load = require('../lib/load');\nload(['..', 'lib', 'al' + 'pha'].join('/'));\n",
      'test/prefix.test.js': "const load = require('../lib/load');\nfor (let i = 1; i < 2; i++) load('../lib/item' + i);\n",
      'test/whole.test.js': "const load = require('../lib/load');\nconst name = 'beta';\nload(`../lib/${name}.js`);\n",
    });
    expect(loaded).toEqual({ 'test/concat.test.js': ['lib/alpha.js'], 'test/prefix.test.js': ['lib/item1.js'], 'test/whole.test.js': ['lib/beta.js'] });
  });

  it('computed pieces beside fewer letters stand for words the caller or its imports hold, or digits', async () => {
    const loaded = await loadedBy(
      {
        'test/join.test.js': "const load = require('../lib/load');\nconst join2 = (a, b) => a + b;\nload('../lib/' + join2('al', 'pha'));\n",
        'test/digits.test.js': "const load = require('../lib/load');\nconst n = [1].length;\nload(`../lib/${'it' + 'em'}${n}`);\n",
        'test/imported.test.js': "const load = require('../lib/load');\nconst { HEAD } = require('./names');\nload('../lib/' + HEAD + 'ta');\n",
      },
      { 'test/names.js': "exports.HEAD = 'be';\n" },
    );
    expect(loaded).toEqual({ 'test/join.test.js': ['lib/alpha.js'], 'test/digits.test.js': ['lib/item1.js'], 'test/imported.test.js': ['lib/beta.js'] });
  });
});
