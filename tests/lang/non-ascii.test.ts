import { Parser } from 'web-tree-sitter';
import { describe, expect, it } from 'vitest';
import { languageForPath } from '../../src/lang/registry.js';
import { loadLanguage } from '../../src/parse/load-language.js';
import { extractFile } from './helpers/annotated-golden.js';

// Astral characters (😀, 𝒳) are two UTF-16 code units, CJK one, a combining accent one more.
const SOURCE = [
  "const banner = '😀🎉 𝒳 你好'; export function afterEmoji(名前: string): string { return greet(名前); }",
  '/** Café ☕ — déjà vu. */',
  "export class Café { brew(): Tasse { return make('☕', 'é'); } }",
  "const 数据 = { '键😀': () => 处理(数据) }; function 处理(x: unknown) { return x; }",
  '',
].join('\n');

describe('non-ASCII text', () => {
  it('web-tree-sitter indexes a JS string in UTF-16 code units: a leaf is source.slice(start, end)', async () => {
    const lang = await loadLanguage(languageForPath('a.ts')!);
    const parser = new Parser();
    parser.setLanguage(lang.language);
    const tree = parser.parse(SOURCE)!;
    const lines = SOURCE.split('\n');
    const mismatches: string[] = [];
    const cursor = tree.walk();
    for (let more = true; more; ) {
      const node = cursor.currentNode;
      if (node.childCount === 0) {
        const { row, column } = node.startPosition;
        if (SOURCE.slice(node.startIndex, node.endIndex) !== node.text) mismatches.push(`index ${node.startIndex}`);
        if (lines[row]!.slice(column, column + node.text.length) !== node.text) mismatches.push(`column ${row}:${column}`);
      }
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          more = false;
          break;
        }
      }
    }
    cursor.delete();
    tree.delete();
    parser.delete();
    expect(mismatches).toEqual([]);
  });

  it('reference columns point at the name after emoji and CJK', async () => {
    const extraction = await extractFile('src/unicode.ts', SOURCE);
    const lines = SOURCE.split('\n');
    const uses = extraction.refs.filter((ref) => ['call', 'value', 'type', 'new'].includes(ref.kind));
    expect(uses.map((ref) => ref.name).sort()).toEqual(['Tasse', 'greet', 'make', 'x', '名前', '处理', '数据'].sort());
    for (const ref of uses) expect(lines[ref.line - 1]!.slice(ref.col, ref.col + ref.name.length)).toBe(ref.name);
  });

  it('signatures, names and docs after non-ASCII text are exact', async () => {
    const extraction = await extractFile('src/unicode.ts', SOURCE);
    const table = extraction.symbols.map((s) => [s.qualname, s.signature, s.doc, s.startLine]);
    expect(table).toEqual([
      ['<module>', '', null, 1],
      ['afterEmoji', 'export function afterEmoji(名前: string): string', null, 1],
      ['Café', 'export class Café', 'Café ☕ — déjà vu.', 3],
      ['Café.brew', 'brew(): Tasse', null, 3],
      ['数据.键😀', "'键😀': () =>", null, 4],
      ['处理', 'function 处理(x: unknown)', null, 4],
    ]);
  });

  it('CRLF line endings change no line, column, signature, doc or hash', async () => {
    const lf = await extractFile('src/unicode.ts', SOURCE);
    const crlf = await extractFile('src/unicode.ts', SOURCE.replace(/\n/g, '\r\n'));
    expect(crlf.symbols).toEqual(lf.symbols);
    expect(crlf.refs).toEqual(lf.refs);
    expect(crlf.lines).toBe(lf.lines);
  });

  it('a byte order mark before the first declaration changes nothing but nothing breaks', async () => {
    const plain = await extractFile('src/unicode.ts', SOURCE);
    const bom = await extractFile('src/unicode.ts', `\uFEFF${SOURCE}`);
    expect(bom.status).toBe('ok');
    expect(bom.symbols.map((s) => [s.qualname, s.signature, s.sigHash, s.bodyHash])).toEqual(
      plain.symbols.map((s) => [s.qualname, s.signature, s.sigHash, s.bodyHash]),
    );
  });
});
