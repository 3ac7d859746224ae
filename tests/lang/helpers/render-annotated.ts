import type { BindingFact } from '../../../src/model/binding.js';
import type { Extraction } from '../../../src/model/extraction.js';
import type { RefFact } from '../../../src/model/reference.js';
import type { SymbolFact } from '../../../src/model/symbol.js';

/**
 * Renders an extraction as its source with a caret line under each fact (scip-typescript style),
 * followed by the symbol table, so a reviewer reads a golden diff as "what ratlas now sees here".
 *
 * Columns are UTF-16 code units, as in the model. References carry a column; symbols and bindings
 * carry only a line, so their caret goes under the first whole-word occurrence of the name on
 * that line (for symbols: from the first line of the declaration on). A caret that lands on text
 * other than the name is rendered with `!=` and the text found, so a wrong column shows in the diff.
 */
export function renderAnnotated(source: string, extraction: Extraction, comment = '//'): string {
  const lines = (source.endsWith('\n') ? source.slice(0, -1) : source).split('\n');
  const notes = new Map<number, Note[]>();
  const add = (note: Note): void => {
    const list = notes.get(note.line) ?? [];
    list.push(note);
    notes.set(note.line, list);
  };
  for (const symbol of extraction.symbols) {
    if (symbol.kind === 'module') continue;
    add(symbolNote(symbol, lines));
  }
  for (const ref of extraction.refs) add(refNote(ref, lines));
  for (const binding of extraction.bindings) add(bindingNote(binding, lines));

  const out: string[] = [`${comment} ${extraction.language} ${extraction.path}: ${extraction.status}, ${extraction.lines} lines`];
  for (const problem of extraction.problems) out.push(`${comment} problem line ${problem.line}: ${problem.message}`);
  lines.forEach((text, i) => {
    out.push(text);
    const here = (notes.get(i + 1) ?? []).sort((a, b) => a.col - b.col || a.order - b.order || a.label.localeCompare(b.label));
    for (const note of here) out.push(caretLine(note, comment));
  });
  out.push('', `${comment} ---- symbols: qualname  kind  lines  exported  signature  doc ----`);
  out.push(...symbolTable(extraction.symbols).map((row) => `${comment} ${row}`.trimEnd()));
  return `${out.join('\n')}\n`;
}

interface Note {
  line: number;
  col: number;
  width: number;
  label: string;
  /** definitions before references before bindings at one column */
  order: number;
}

function caretLine(note: Note, comment: string): string {
  if (note.col < comment.length) return `${comment} <-${note.col > 0 ? `+${note.col}` : ''} ${note.label}`;
  return `${comment}${' '.repeat(note.col - comment.length)}${'^'.repeat(Math.max(1, note.width))} ${note.label}`;
}

function symbolNote(symbol: SymbolFact, lines: string[]): Note {
  // The name where the signature has it: after the same word (`function 处理`, not the call `处理(…)`),
  // else its first occurrence outside decorator lines and strings, else its first occurrence.
  const inSignature = symbol.signature.indexOf(symbol.name);
  const lead = inSignature > 0 ? (symbol.signature.slice(0, inSignature).trimEnd().split(' ').pop() ?? '') : '';
  let found: { line: number; col: number } | undefined;
  for (const pass of ['lead', 'strict', 'any'] as const) {
    for (let line = symbol.startLine; line <= symbol.endLine && !found; line++) {
      const text = lines[line - 1] ?? '';
      if (pass !== 'any' && text.trimStart().startsWith('@')) continue;
      const col = wordColumn(text, symbol.name, pass !== 'any', pass === 'lead' ? lead : undefined);
      if (col >= 0) found = { line, col };
    }
    if (found || lead === '') break;
  }
  const at = found ?? { line: symbol.startLine, col: 0 };
  const label = `definition.${symbol.kind} ${symbol.qualname}${symbol.exported ? ' exported' : ''}${found ? '' : ` (name ${JSON.stringify(symbol.name)} not in source)`}`;
  return { ...at, width: found ? symbol.name.length : 1, label, order: 0 };
}

function refNote(ref: RefFact, lines: string[]): Note {
  const parts = [`reference.${ref.kind}`, ref.name === '' ? "''" : ref.name];
  if (ref.receiver !== undefined) parts.push(`recv=${ref.receiver}`);
  if (ref.module !== undefined) parts.push(`from=${ref.module === null ? 'null' : JSON.stringify(ref.module)}`);
  if (ref.alias !== undefined) parts.push(`as=${ref.alias}`);
  if (ref.typeOnly) parts.push('type-only');
  parts.push(`in ${ref.scope}`);
  const text = lines[ref.line - 1] ?? '';
  // Import-like facts without a name node point at their statement; only a use must sit on its name.
  const onName = ref.name !== '' && text.startsWith(ref.name, ref.col);
  const pointsAtName = !['import', 'require', 'dynamic-import', 'reexport', 'export'].includes(ref.kind);
  if (pointsAtName && !onName && ref.name !== 'super') parts.push(`!= ${JSON.stringify(text.slice(ref.col, ref.col + ref.name.length))}`);
  const onAlias = ref.alias !== undefined && text.startsWith(ref.alias, ref.col);
  const width = onName ? ref.name.length : onAlias ? ref.alias!.length : 1;
  return { line: ref.line, col: ref.col, width, label: parts.join(' '), order: 1 };
}

function bindingNote(binding: BindingFact, lines: string[]): Note {
  const col = wordColumn(lines[binding.line - 1] ?? '', binding.name);
  const parts = [`binding.${binding.kind}`, binding.name];
  if (binding.position !== undefined) parts.push(`#${binding.position}`);
  if (binding.type !== undefined) parts.push(`: ${binding.type}`);
  if (binding.newOf !== undefined) parts.push(`= new ${binding.newOf}`);
  else if (binding.init !== undefined) parts.push(`= ${binding.init}`);
  parts.push(`in ${binding.scope}`);
  if (col < 0) parts.push('(name not on this line)');
  return { line: binding.line, col: Math.max(0, col), width: binding.name.length, label: parts.join(' '), order: 2 };
}

/**
 * Column of `word` on a line, not inside a longer identifier, or -1. `unquoted` skips occurrences
 * right after a quote; `lead` requires the text before the word to end with it.
 */
function wordColumn(line: string, word: string, unquoted = false, lead?: string): number {
  if (word === '') return -1;
  for (let at = line.indexOf(word); at >= 0; at = line.indexOf(word, at + 1)) {
    const before = line[at - 1] ?? ' ';
    const after = line[at + word.length] ?? ' ';
    if (lead !== undefined && !line.slice(0, at).trimEnd().endsWith(lead)) continue;
    if (unquoted && lead === undefined && /['"`]/.test(before)) continue;
    if (!/[\p{ID_Continue}$]/u.test(before) && !/[\p{ID_Continue}$]/u.test(after)) return at;
  }
  return -1;
}

function symbolTable(symbols: SymbolFact[]): string[] {
  const rows = symbols.map((s) => {
    // The parent is shown only when the qualname does not start with it (`Store.save` defined at top level).
    const parentNote = s.parent !== null && s.parent !== '<module>' && !s.qualname.startsWith(`${s.parent}.`) ? ` (parent ${s.parent})` : s.parent === '<module>' && s.qualname.includes('.') && !s.qualname.startsWith('<') ? ' (parent <module>)' : '';
    return [
      s.qualname + parentNote,
      s.kind,
      `${s.startLine}-${s.endLine}`,
      s.exported ? 'exported' : '-',
      s.signature === '' ? '-' : `\`${s.signature}\``,
      s.doc === null ? '' : JSON.stringify(s.doc),
    ];
  });
  const widths = [0, 1, 2, 3].map((col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows.map((row) => row.map((cell, col) => (col < 4 ? cell.padEnd(widths[col]!) : cell)).join('  '));
}
