import { describe, expect, it } from 'vitest';
import { callEdges, resolveTree } from '../helpers/resolve-tree.js';

describe('renders edges', () => {
  it('links a JSX element to its component as renders, and a call of the same function as calls', async () => {
    const tree = await resolveTree({
      'src/row.tsx': 'export function Row() { return null; }\nexport function rowKey() { return 1; }\n',
      'src/table.tsx': [
        "import { Row, rowKey } from './row';",
        'export function Table() {',
        '  rowKey();',
        '  return <div><Row /></div>;',
        '}',
        'export function Plain() { return Row(); }',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'src/table.tsx#Plain -> src/row.tsx#Row (import)',
      'src/table.tsx#Table -> src/row.tsx#Row (import, renders)',
      'src/table.tsx#Table -> src/row.tsx#rowKey (import)',
    ]);
  });

  it('makes no edge for an intrinsic element', async () => {
    const tree = await resolveTree({
      'src/page.tsx': 'function div() { return 1; }\nexport function Page() { return <div />; }\n',
    });
    expect(tree.edges.filter((e) => e.kind === 'renders')).toEqual([]);
  });
});
