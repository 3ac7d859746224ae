import { describe, expect, it } from 'vitest';
import { ResolutionData } from '../../src/graph/resolve/resolution-data.js';
import type { DeclaredReturn } from '../../src/lang/types.js';
import type { StoredSymbol } from '../../src/model/stored.js';
import { returnType } from '../../src/pipeline/resolve-index.js';

function symbol(id: number, qualname: string, kind: StoredSymbol['kind'], signature: string): StoredSymbol {
  const parent = kind === 'module' ? null : '<module>';
  return { id, file: 'src/a.ts', qualname, name: qualname, kind, parent, signature, doc: null, startLine: id, endLine: id, exported: true, sigHash: '', bodyHash: '', docHash: '' };
}

describe('ResolutionData: declared return types', () => {
  it('are parsed from a signature when first read, once, and equal parsing it at load', () => {
    const parsed: string[] = [];
    const counting = (language: string, signature: string): DeclaredReturn | undefined => {
      parsed.push(signature);
      return returnType(language, signature);
    };
    const symbols = [symbol(1, '<module>', 'module', ''), symbol(2, 'make', 'function', 'function make(): Store'), symbol(3, 'Store', 'class', 'class Store')];
    const data = new ResolutionData({ paths: [{ path: 'src/a.ts', language: 'typescript' }], symbols, links: [], members: [], returnType: counting });
    expect(parsed).toEqual([]);
    const make = data.file('src/a.ts')!.byQualname.get('make')!;
    expect(make.returns).toEqual(returnType('typescript', 'function make(): Store'));
    expect(make.returns).toBeDefined();
    expect(data.file('src/a.ts')!.byQualname.get('Store')!.returns).toBeUndefined();
    expect(parsed).toEqual(['function make(): Store']);
    // Read, it is a plain value: a copy carries it.
    expect({ ...make }.returns).toEqual(make.returns);
  });
});
