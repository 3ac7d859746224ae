import { symbolKey, type StoredSymbol } from '../../model/stored.js';
import { lineRange, MAX_DOC_CHARS, MAX_SIGNATURE_CHARS } from '../../report/context-map.js';
import { sanitizeLine } from '../../util/untrusted-text.js';

/** `src/store.ts#Store.save (method L10-14)`: a symbol's id with what and where it is. */
export function symbolLabel(symbol: StoredSymbol): string {
  return `${sanitizeLine(symbolKey(symbol.file, symbol.qualname), 400)} (${symbol.kind} ${lineRange(symbol)})`;
}

/** The label, then the signature and first doc line. */
export function symbolRow(symbol: StoredSymbol): string {
  const signature = sanitizeLine(symbol.signature, MAX_SIGNATURE_CHARS);
  const doc = symbol.doc ? ` — ${sanitizeLine(symbol.doc, MAX_DOC_CHARS)}` : '';
  return `${symbolLabel(symbol)} ${signature}${doc}`;
}
