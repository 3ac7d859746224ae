import { describe, expect, it } from 'vitest';
import { ExportMemo } from '../../src/graph/resolve/export-memo.js';
import { resolveTree, type ResolvedTree } from '../helpers/resolve-tree.js';

/** Edges, outcomes and dependency keys, keyed by file: what resolveIndex stores for each file. */
function stored(tree: ResolvedTree): Record<string, unknown> {
  const byFile: Record<string, { edges: unknown[]; refs: unknown[]; deps: string[] }> = {};
  for (const [path, deps] of [...tree.deps].sort(([a], [b]) => (a < b ? -1 : 1))) byFile[path] = { edges: [], refs: [], deps };
  for (const e of tree.edges) byFile[e.from.slice(0, e.from.indexOf('#'))]!.edges.push(e);
  for (const r of tree.refs) byFile[r.file]!.refs.push(r);
  for (const entry of Object.values(byFile)) {
    entry.edges.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    entry.refs.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return byFile;
}

describe('export answers shared by the files of one resolution run', () => {
  // `src/a.ts` is itself a link of the chain it imports through: its reads of itself record no key
  // for it, but a later importer that takes the memo's answer must record them.
  const typescript = {
    'src/index.ts': "export * from './a';\nexport * from './b';\n",
    'src/a.ts': "export { Conn } from './c';\nimport { Conn as Own } from './index';\nexport function viaSelf() { return new Own(); }\n",
    'src/b.ts': 'export function other() {}\n',
    'src/c.ts': 'export class Conn { open() {} }\n',
    'test/one.test.ts': "import { Conn, other } from '../src/index';\nnew Conn().open(); other();\n",
    'test/two.test.ts': "import { Conn } from '../src';\nnew Conn().open();\n",
    'test/three.test.ts': "import { Missing } from '../src/index';\nMissing();\n",
  };
  const python = {
    'pkg/__init__.py': 'from .core import *\nfrom .api import Client\n',
    'pkg/core.py': 'from .api import Client\n__all__ = ["Client", "helper"]\ndef helper():\n    return Client()\n',
    'pkg/api.py': 'class Client:\n    def get(self):\n        pass\n',
    'tests/test_one.py': 'from pkg import Client, helper\nClient().get()\nhelper()\n',
    'tests/test_two.py': 'from pkg import helper\nhelper()\n',
  };

  for (const [language, tree] of Object.entries({ typescript, python })) {
    it(`gives every ${language} file what resolving it alone gives, in either order`, async () => {
      const alone = stored(await resolveTree(tree));
      expect(stored(await resolveTree(tree, undefined, { memo: new ExportMemo() }))).toEqual(alone);
      expect(stored(await resolveTree(tree, undefined, { memo: new ExportMemo(), reverse: true }))).toEqual(alone);
    });
  }

  it('replays the reads of a file in the chain into a later importer', async () => {
    const tree = await resolveTree(typescript, undefined, { memo: new ExportMemo() });
    // src/a.ts answered `Conn` from the barrel first; its own keys were left out of its deps only.
    expect(tree.deps.get('src/a.ts')).not.toContain('e:src/a.ts#Conn');
    expect(tree.deps.get('test/two.test.ts')).toEqual(expect.arrayContaining(['s:src/index.ts', 'e:src/a.ts#Conn', 'e:src/c.ts#Conn']));
  });
});
