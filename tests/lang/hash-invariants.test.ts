import { describe, expect, it } from 'vitest';
import type { SymbolFact } from '../../src/model/symbol.js';
import { extractFile } from './helpers/annotated-golden.js';

/**
 * `Store.save:body` for each hash that differs between two versions of a file, `+name` / `-name`
 * for symbols that appear or disappear.
 */
async function hashChanges(path: string, before: string, after: string): Promise<string[]> {
  const index = (symbols: SymbolFact[]): Map<string, SymbolFact> => new Map(symbols.map((s) => [s.qualname, s]));
  const a = index((await extractFile(path, before)).symbols);
  const b = index((await extractFile(path, after)).symbols);
  const changes: string[] = [];
  for (const [qualname, old] of a) {
    const now = b.get(qualname);
    if (!now) {
      changes.push(`-${qualname}`);
      continue;
    }
    if (old.sigHash !== now.sigHash) changes.push(`${qualname}:sig`);
    if (old.bodyHash !== now.bodyHash) changes.push(`${qualname}:body`);
    if (old.docHash !== now.docHash) changes.push(`${qualname}:doc`);
  }
  for (const qualname of b.keys()) if (!a.has(qualname)) changes.push(`+${qualname}`);
  return changes;
}

const STORE_TS = `import { Base, type Options } from './base';
import { log } from './log';

/** A store of items. */
export class Store extends Base {
  private items: Map<string, Item> = new Map();

  /** Saves an item. */
  async save(item: Item, options?: Options): Promise<void> {
    const key = \`\${item.kind}:\${item.id}\`;
    this.items.set(key, { ...item, savedAt: Date.now(), note: 'it\\'s saved' });
    log('saved', key, /a b+/g.test(key) ? 1 : 2);
  }

  find(id: string) {
    return [...this.items.values()].filter((item) => item.id === id)[0];
  }
}

export function create(options: Options = { retries: 3, tags: ['a', 'b'] }): Store {
  const store = new Store(options);
  return store;
}

export const handlers = {
  open(path: string) {
    return path.length;
  },
};
`;

describe('hashes ignore formatting', () => {
  it.each([
    [
      'whitespace, newlines, quotes, semicolons, trailing commas, comments',
      `import {Base,type Options} from "./base"
import {log} from "./log"

/** A store of items. */
export class Store extends Base
{
  // the items, by key
  private items:Map<string,Item>=new Map()

  /** Saves an item. */
  async save(
    item: Item,
    options?: Options,
  ): Promise<void> {
    const key = \`\${ item.kind }:\${ item.id }\` /* template */
    this.items.set(key, {
      ...item,
      savedAt: Date.now(),
      note: "it's saved",
    })
    log("saved", key, /a b+/g.test(key) ? 1 : 2,)
  }

  find(id: string) {
    return [ ...this.items.values() ].filter(item => item.id === id)[0]
  }
}

export function create(options: Options = {retries: 3, tags: ["a", "b",],}): Store {
  const store = new Store(options)
  return store
}

export const handlers = { open(path: string) { return path.length } }
`,
    ],
    [
      'everything on few lines, comments between tokens',
      `import { Base, type Options } from './base'; import { log } from './log';
/** A store of items. */
export class Store extends Base { private items: Map<string, Item> = new Map(); /** Saves an item. */ async save(item: Item, /* opt */ options?: Options): Promise<void> { const key = \`\${item.kind}:\${item.id}\`; this.items.set(key, { ...item, savedAt: Date.now(), note: 'it\\'s saved' }); log('saved', key, /a b+/g.test(key) ? 1 : 2); }
  find(id: string) { return [...this.items.values()].filter((item) => item.id === id)[0]; } }
export function create(options: Options = { retries: 3, tags: ['a', 'b'] }): Store { const store = new Store(options); return store; }
export const handlers = { open(path: string) { return path.length; }, };
`,
    ],
  ])('%s', async (_case, reformatted) => {
    expect(await hashChanges('src/store.ts', STORE_TS, reformatted)).toEqual([]);
  });
});

describe('an edit changes only the hashes it should', () => {
  it.each([
    ['a doc-only edit changes only docHash', '/** Saves an item. */', '/** Saves an item, replacing an older one. */', ['Store.save:doc']],
    ['a lint directive under the doc changes nothing', '/** Saves an item. */\n', '/** Saves an item. */\n  // eslint-disable-next-line no-console\n', []],
    ['a method body edit changes only that method body', "note: 'it\\'s saved'", "note: 'stored'", ['Store.save:body']],
    ['a string edit inside whitespace counts', "'saved', key", "'saved ', key", ['Store.save:body']],
    ['a regex edit counts, whitespace inside it too', '/a b+/g', '/a  b+/g', ['Store.save:body']],
    ['a template text edit counts', '}:${item.id}', '}-${item.id}', ['Store.save:body']],
    ['a field edit changes the class body, not its members', '= new Map()', '= new Map([])', ['Store:body']],
    ['a signature edit changes sigHash', 'find(id: string)', 'find(id: string, strict = false)', ['Store.find:sig']],
    ['a return type edit changes sigHash', '): Store {', '): Base {', ['create:sig']],
    ['a heritage edit changes the class signature only', 'extends Base {', 'extends Base implements Saver {', ['Store:sig']],
    ['an object-literal method body edit changes only it', 'return path.length;', 'return path.length + 1;', ['handlers.open:body']],
    ['renaming a method is a removal and an addition', 'find(id: string)', 'lookup(id: string)', ['-Store.find', '+Store.lookup']],
    ['a named import edit leaves <module> alone', "import { log } from './log';", "import { log, warn } from './log';", []],
    ['removing an import leaves <module> alone', "import { log } from './log';\n", '', []],
    ['a side-effect import changes <module>', "import { log } from './log';", "import { log } from './log';\nimport './polyfill';", ['<module>:body']],
    ['another top-level statement changes <module>', 'export const handlers', "log('loaded');\nexport const handlers", ['<module>:body']],
  ])('%s', async (_case, from, to, expected) => {
    expect(STORE_TS).toContain(from);
    expect(await hashChanges('src/store.ts', STORE_TS, STORE_TS.replace(from, to))).toEqual(expected);
  });

  it('a nested function body edit changes only the innermost symbol', async () => {
    const before = 'function outer() {\n  function inner() {\n    return 1;\n  }\n  return inner();\n}\n';
    expect(await hashChanges('src/nested.js', before, before.replace('return 1', 'return 2'))).toEqual(['outer.inner:body']);
  });

  it('reformatting JSX and TSX changes nothing', async () => {
    const before = "export function App({ user }: Props) {\n  return <Layout title='x'><Header user={user} /></Layout>;\n}\n";
    const after = 'export function App({user}: Props) {\n  return (\n    <Layout title="x">\n      <Header user={ user } />\n    </Layout>\n  )\n}\n';
    expect(await hashChanges('src/app.tsx', before, after)).toEqual([]);
  });

  it('a comment that changes how the file compiles changes <module>; other comments are formatting', async () => {
    const jsx = (pragma: string, note = 'one') => `/** @jsxImportSource ${pragma} */\nexport function App() {\n  // ${note}\n  return <p>x</p>;\n}\n`;
    expect(await hashChanges('src/app.tsx', jsx('react'), jsx('preact'))).toEqual(['<module>:body']);
    expect(await hashChanges('src/app.js', '// @flow\nexport const a = 1;\n', 'export const a = 1;\n')).toEqual(['<module>:body']);
    expect(await hashChanges('src/app.tsx', jsx('react'), jsx('react', 'two'))).toEqual([]);
    const py = (line1: string, last = '# note') => `${line1}\nimport os\n\n\ndef f():\n    return os.sep\n${last}\n`;
    expect(await hashChanges('shop/m.py', py('# -*- coding: utf-8 -*-'), py('# -*- coding: latin-1 -*-'))).toEqual(['<module>:body']);
    expect(await hashChanges('shop/m.py', py('#!/usr/bin/env python3'), py('#!/usr/bin/env python2'))).toEqual(['<module>:body']);
    // Below line 2 an encoding declaration is an ordinary comment (PEP 263).
    expect(await hashChanges('shop/m.py', py('# a', '# coding: utf-8'), py('# a', '# coding: latin-1'))).toEqual([]);
  });

  it('a require-only edit leaves <module> alone in CommonJS', async () => {
    const before = "const fs = require('fs');\nmodule.exports = { read: (p) => fs.readFileSync(p) };\n";
    const after = "const fs = require('fs');\nconst path = require('path');\nmodule.exports = { read: (p) => fs.readFileSync(p) };\n";
    expect(await hashChanges('src/read.js', before, after)).toEqual([]);
  });
});
