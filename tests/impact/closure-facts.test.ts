import { describe, expect, it } from 'vitest';
import type { FileChange } from '../../src/model/change.js';
import type { ReachedSymbol } from '../../src/model/impact.js';
import { symbolKey } from '../../src/model/stored.js';
import type { FileUpdate } from '../../src/pipeline/apply-changeset.js';
import { closureFacts } from '../../src/pipeline/impact/test-floor.js';
import { openReasons } from '../../src/select/closure-rules.js';
import { extractFile } from '../lang/helpers/annotated-golden.js';

describe('closureFacts: the first hops of a changed symbol', () => {
  it('lists the first hop of every symbol it reaches, in time linear in them', () => {
    // 40,000 reached symbols from one change (typeorm reaches ~15,000 from 10); copying the list
    // per reached symbol, as closureFacts once did, took seconds here.
    const from = { file: 'src/a.ts', qualname: 'f', change: 'body' as const };
    const reached: ReachedSymbol[] = Array.from({ length: 40_000 }, (_, i) => ({
      file: `src/f${i}.ts`,
      qualname: 'g',
      kind: 'function',
      depth: 1,
      confidence: i % 2 ? 0.95 : 0.3,
      from,
      via: [{ file: `src/f${i}.ts`, qualname: 'g', relation: i % 2 ? 'calls' : 'name-match', confidence: i % 2 ? 0.95 : 0.3 }],
    }));
    const changes: FileChange[] = [{ file: 'src/a.ts', status: 'modified', language: 'typescript', symbols: [{ qualname: 'f', name: 'f', kind: 'function', change: 'body', startLine: 1, endLine: 2 }] }];
    const started = performance.now();
    const facts = closureFacts(changes, new Map([['src/a.ts', 'ok']]), [], reached, new Set(), new Set([symbolKey('src/a.ts', 'f')]));
    const ms = performance.now() - started;
    const hops = facts.get('src/a.ts')!.symbols[0]!.firstHops;
    expect(hops).toHaveLength(40_000);
    expect(hops[0]).toEqual({ relation: 'name-match', confidence: 0.3 });
    expect(hops[1]).toEqual({ relation: 'calls', confidence: 0.95 });
    expect(facts.get('src/a.ts')!.symbols[0]!.indexed).toBe(true);
    // Linear: a few ms; the quadratic copy took 7.8 s here (load average ~9).
    expect(ms).toBeLessThan(1500);
  });
});

describe('closureFacts: the text the closure rules read', () => {
  it('is the head text with the comments the parse tree found blanked, strings and regular expressions kept', async () => {
    const source = [
      '/**',
      ' * Returns { [keys]: value }, like Object.defineProperty(o, k) would.',
      ' */',
      "export const keys = (o: object) => Object.keys(o).join('//'); // Object.assign(",
      'export const close = /\\*\\//;',
      "export const url = 'http://x/*'; Object.assign(globalThis, { url });",
      '',
    ].join('\n');
    const extraction = await extractFile('src/a.ts', source);
    const changes: FileChange[] = [{ file: 'src/a.ts', status: 'modified', language: 'typescript', symbols: [{ qualname: 'keys', name: 'keys', kind: 'function', change: 'body', startLine: 4, endLine: 4 }] }];
    const update = { path: 'src/a.ts', file: { path: 'src/a.ts', content: { kind: 'source' as const, text: source } } } as unknown as FileUpdate;
    const facts = closureFacts(changes, new Map([['src/a.ts', 'ok']]), [update], [], new Set(), new Set([symbolKey('src/a.ts', 'keys')]), new Set(), () => false, new Map([['src/a.ts', extraction.comments!]]));
    const text = facts.get('src/a.ts')!.text!;
    expect(text).toHaveLength(source.length);
    expect(text).not.toContain('defineProperty');
    expect(text).not.toContain('[keys]');
    expect(text).not.toContain('Object.assign(\n');
    expect(text.split('\n').slice(3)).toEqual([
      `export const keys = (o: object) => Object.keys(o).join('//');${' '.repeat(18)}`,
      'export const close = /\\*\\//;',
      "export const url = 'http://x/*'; Object.assign(globalThis, { url });",
      '',
    ]);
    // The code after the string still patches a shared object: the file stays open.
    expect(openReasons(facts.get('src/a.ts')!).map((r) => r.code)).toEqual(['assigned-onto-object']);
  });
});
