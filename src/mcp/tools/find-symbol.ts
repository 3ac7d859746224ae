import type { SymbolKind } from '../../model/symbol.js';
import { suggestSymbols } from '../../pipeline/lookup-symbols.js';
import { findSymbols } from '../../pipeline/query-symbols.js';
import { composeAnswer } from '../answer.js';
import { decodeCursor, encodeCursor, queryKey } from '../cursor.js';
import { headerLine } from '../session.js';
import { symbolRow } from './symbol-text.js';
import { arg, generationNote, pageFooter, type ToolHandler } from './tool.js';

export const findSymbol: ToolHandler = async (session, args) => {
  const context = await session.context();
  const { snapshot } = context;
  const query = arg.string(args, 'query');
  const kind = arg.optionalString(args, 'kind') as SymbolKind | undefined;
  const key = queryKey('find_symbol', args);
  const cursor = decodeCursor(arg.optionalString(args, 'cursor'), key);
  const found = findSymbols(snapshot, query, kind);
  const page = found.slice(cursor.offset, cursor.offset + arg.number(args, 'limit'));
  const fixed = generationNote(cursor.generation, snapshot.generation);
  if (found.length === 0) {
    const suggestions = suggestSymbols(snapshot, query);
    fixed.push(`no symbol matches "${query.slice(0, 100)}"${kind ? ` of kind ${kind}` : ''}`);
    if (suggestions.length > 0) fixed.push('did you mean:', ...suggestions.map((s) => `  ${s}`));
  }
  return composeAnswer({
    header: (usage) => headerLine('find_symbol', context, usage),
    fixed,
    items: page.map((f) => symbolRow(f.symbol)),
    footer: (shown) => (found.length === 0 ? null : pageFooter('matches', cursor.offset, shown, found.length, (o) => encodeCursor(o, snapshot.generation, key))),
    budget: arg.number(args, 'budget'),
  }).text;
};
