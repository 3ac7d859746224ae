import { describe, expect, it } from 'vitest';
import { ResolutionData } from '../../src/graph/resolve/resolution-data.js';
import { extract } from '../../src/lang/extract.js';
import { languageForPath } from '../../src/lang/registry.js';
import type { StoredBinding, StoredRef, StoredSymbol } from '../../src/model/stored.js';
import { loadLanguage } from '../../src/parse/load-language.js';
import { returnType } from '../../src/pipeline/resolve-index.js';

interface FileFacts {
  path: string;
  language: string;
  symbols: StoredSymbol[];
  links: StoredRef[];
  members: StoredBinding[];
}

let nextId = 1;
async function factsOf(path: string, text: string): Promise<FileFacts> {
  const definition = languageForPath(path)!;
  const extraction = extract(await loadLanguage(definition), path, text);
  const ids = new Map<string, number>();
  const symbols = extraction.symbols.map((s) => {
    const id = nextId++;
    ids.set(s.qualname, id);
    return { ...s, id, file: path };
  });
  const links = extraction.refs.map((r) => ({ ...r, id: nextId++, file: path, scopeId: ids.get(r.scope)!, outcome: null, rule: null }));
  return { path, language: definition.id, symbols, links, members: extraction.bindings.map((b) => ({ ...b, file: path })) };
}

function build(files: FileFacts[]): ResolutionData {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : 1));
  return new ResolutionData({
    paths: sorted.map((f) => ({ path: f.path, language: f.language })),
    symbols: sorted.flatMap((f) => f.symbols),
    links: sorted.flatMap((f) => f.links),
    members: sorted.flatMap((f) => f.members),
    returnType,
  });
}

/** Everything resolution can read of the data, in the order it reads it. */
function dump(data: ResolutionData, names: string[]): unknown {
  return {
    files: data.paths().map((path) => {
      const file = data.file(path)!;
      return { ...file, children: [...file.children].sort(([a], [b]) => (a < b ? -1 : 1)), byQualname: [...file.byQualname.keys()].sort(), returns: [...file.returns].sort(([a], [b]) => (a < b ? -1 : 1)) };
    }),
    byName: names.map((name) => [name, data.symbolsNamed(name).map((s) => `${s.file}#${s.qualname}`)]),
    lines: data.paths().flatMap((path) => data.file(path)!.symbols.map((s) => data.startLineOf(s))),
  };
}

describe('ResolutionData.replaceFile', () => {
  it('leaves the data a build from scratch would give: same lists, same order of same-named symbols', async () => {
    const a = await factsOf('src/a.ts', 'export function save() {}\nexport class Store { save() {} load(): Store { return this; } }\n');
    const b1 = await factsOf('src/b.ts', "import { save } from './a';\nexport function save2() { save(); }\nexport function load() {}\n");
    const c = await factsOf('src/c.ts', 'export function save() {}\nexport function load() {}\n');
    const gone = await factsOf('src/d.ts', 'export function save() {}\n');
    // b gains a `save` and a class with `save` and `load`, between a's and c's in path order.
    const b2 = await factsOf('src/b.ts', "import { save as s } from './a';\nexport function save() { s(); }\nexport class Cache { save() {} load() {} }\n");
    const added = await factsOf('src/aa.ts', 'export const load = () => 1;\nexport function save() {}\n');

    const patched = build([a, b1, c, gone]);
    patched.replaceFile('src/b.ts', b2);
    patched.replaceFile('src/d.ts', null);
    patched.replaceFile('src/aa.ts', added);
    const fresh = build([a, b2, c, added]);
    const names = [...new Set([a, b1, b2, c, gone, added].flatMap((f) => f.symbols.map((s) => s.name)))].sort();

    expect(fresh.symbolsNamed('save').map((s) => s.file)).toEqual(['src/a.ts', 'src/a.ts', 'src/aa.ts', 'src/b.ts', 'src/b.ts', 'src/c.ts']);
    expect(dump(patched, names)).toEqual(dump(fresh, names));
  });
});
