import { describe, expect, it } from 'vitest';
import type { SymbolFact } from '../../src/model/symbol.js';
import { extractFile } from './helpers/annotated-golden.js';

/** `qualname:part` for each hash that differs between two versions of a Python file. */
async function hashChanges(before: string, after: string): Promise<string[]> {
  const index = (symbols: SymbolFact[]): Map<string, SymbolFact> => new Map(symbols.map((s) => [s.qualname, s]));
  const a = index((await extractFile('pkg/store.py', before)).symbols);
  const b = index((await extractFile('pkg/store.py', after)).symbols);
  const changes: string[] = [];
  for (const [qualname, old] of a) {
    const now = b.get(qualname);
    if (!now) changes.push(`-${qualname}`);
    else {
      if (old.sigHash !== now.sigHash) changes.push(`${qualname}:sig`);
      if (old.bodyHash !== now.bodyHash) changes.push(`${qualname}:body`);
      if (old.docHash !== now.docHash) changes.push(`${qualname}:doc`);
    }
  }
  for (const qualname of b.keys()) if (!a.has(qualname)) changes.push(`+${qualname}`);
  return changes;
}

const STORE = `import os


class Store:
    """A store of items."""

    def save(self, item):
        """Saves an item."""
        if item.ok:
            self.write(item)
            self.log(item)
        return os.getpid()
`;

describe('python: indentation is syntax, docstrings are docs', () => {
  it('a dedented statement changes its function body hash', async () => {
    const after = STORE.replace('            self.log(item)', '        self.log(item)');
    expect(await hashChanges(STORE, after)).toEqual(['Store.save:body']);
  });

  it('a docstring edit changes only the doc hash', async () => {
    expect(await hashChanges(STORE, STORE.replace('Saves an item.', 'Saves one item.'))).toEqual(['Store.save:doc']);
    expect(await hashChanges(STORE, STORE.replace('A store of items.', 'Items.'))).toEqual(['Store:doc']);
  });

  it('comments, blank lines, quote style and line breaks inside brackets change nothing', async () => {
    const after = STORE.replace('import os\n', "import os  # the pid\n\n").replace('self.write(item)', 'self.write(\n                item,  # one\n            )'.replace(',  # one', '  # one')).replace('"""Saves an item."""', "'''Saves an item.'''");
    expect(await hashChanges(STORE, after)).toEqual([]);
  });

  it('a trailing comma is no formatting: (x,) is a tuple', async () => {
    expect(await hashChanges(STORE, STORE.replace('self.write(item)', 'self.write((item,))'))).toEqual(['Store.save:body']);
    const tuple = STORE.replace('self.write(item)', 'self.write((item))');
    expect(await hashChanges(tuple, tuple.replace('(item))', '(item,))'))).toEqual(['Store.save:body']);
  });
});
