import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

const TYPES = [
  'export type Opener = (id: string) => void;',
  'export interface Controls { open: Opener; close(): void; }',
  'export type Form = { submit: Opener; values: string[] };',
].join('\n');

describe('members through locals and object type aliases', () => {
  it('links a call of a destructured member to the property of the returned interface', async () => {
    const tree = await resolveTree({
      'src/types.ts': TYPES,
      'src/use-controls.ts': "import type { Controls } from './types';\nexport function useControls(): Controls { return null!; }\n",
      'src/panel.ts': [
        "import { useControls } from './use-controls';",
        'export function Panel() {',
        '  const { open, close: shut } = useControls();',
        "  open('a');",
        '  shut();',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree)).toEqual([
      'src/panel.ts#Panel -> src/types.ts#Controls.close (alias)',
      'src/panel.ts#Panel -> src/types.ts#Controls.open (alias)',
      'src/panel.ts#Panel -> src/use-controls.ts#useControls (import)',
    ]);
  });

  it('reaches members of an object type alias through a typed receiver', async () => {
    const tree = await resolveTree({
      'src/types.ts': TYPES,
      'src/form.ts': "import type { Form } from './types';\nexport function send(form: Form) { form.submit('x'); }\n",
    });
    expect(callEdges(tree)).toEqual(['src/form.ts#send -> src/types.ts#Form.submit (type)']);
  });

  it('leaves a destructured name local when the initializer cannot be typed', async () => {
    const tree = await resolveTree({
      'src/types.ts': TYPES,
      'src/panel.ts': [
        'function make() { return { open() {} }; }',
        'export function Panel() {',
        '  const { open } = make();',
        '  open();',
        '}',
      ].join('\n'),
    });
    expect(callEdges(tree).filter((e) => e.includes('open'))).toEqual([]);
    expect(callSite(tree, 'open')).toMatchObject({ outcome: 'local' });
  });

  it('makes no member symbol of a property of a primitive type', async () => {
    const tree = await resolveTree({
      'src/types.ts': 'export interface Options { name: string; run: Runner }\nexport type Runner = () => void;\n',
      'src/use.ts': "import type { Options } from './types';\nexport function go(o: Options) { o.run(); }\n",
    });
    expect(callEdges(tree)).toEqual(['src/use.ts#go -> src/types.ts#Options.run (type)']);
  });
});
