import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

describe('a nested package named after the root package', () => {
  it('resolves the name to the root package from the example app and from the library', async () => {
    const tree = await resolveTree({
      'package.json': '{ "name": "form-kit", "main": "dist/index.js", "types": "dist/index.d.ts", "source": "src/index.ts" }\n',
      'src/index.ts': 'export function useForm() {}\n',
      'app/package.json': '{ "name": "form-kit", "private": true, "dependencies": { "form-kit": "file:.." } }\n',
      'app/src/page.ts': "import { useForm } from 'form-kit';\nexport function Page() { useForm(); }\n",
    });
    expect(callEdges(tree)).toEqual(['app/src/page.ts#Page -> src/index.ts#useForm (import)']);
  });

  it('leaves two sibling packages of one name unresolved', async () => {
    const tree = await resolveTree({
      'fixtures/a/package.json': '{ "name": "dup", "main": "index.js" }\n',
      'fixtures/a/index.js': 'export function run() {}\n',
      'fixtures/b/package.json': '{ "name": "dup", "main": "index.js" }\n',
      'fixtures/b/index.js': 'export function run() {}\n',
      'src/use.ts': "import { run } from 'dup';\nrun();\n",
    });
    expect(callEdges(tree)).toEqual([]);
    expect(callSite(tree, 'run')).toMatchObject({ outcome: 'unresolved' });
  });
});
