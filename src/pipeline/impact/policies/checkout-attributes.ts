import { emptyPart, runAll, type ImpactPart } from './impact-part.js';

/**
 * Attributes that decide the bytes git writes to a working tree (gitattributes(5)): line-ending
 * conversion, encodings, filters (LFS), `$Id$` expansion. A changed rule changes no blob, so no
 * diff shows the files it matches; yet a fresh checkout (CI's) writes them otherwise, and a test
 * comparing a fixture byte for byte fails.
 */
const CHECKOUT_ATTRIBUTES = new Set(['text', 'eol', 'crlf', 'working-tree-encoding', 'filter', 'ident', 'binary']);

/**
 * Pure: every test runs when a `.gitattributes` line that decides how files are checked out was
 * added or removed (a macro definition included: it may carry any of them). Lines that only say how
 * files are diffed, merged, exported or counted by linguist change nothing a test reads.
 */
export function checkoutAttributes(texts: readonly { path: string; before: string | null; after: string | null }[]): ImpactPart {
  const part = emptyPart();
  for (const f of texts) {
    const before = ruleLines(f.before);
    const after = ruleLines(f.after);
    const changed = [...[...before].filter((l) => !after.has(l)), ...[...after].filter((l) => !before.has(l))];
    const line = changed.find(decidesCheckout);
    if (line !== undefined) {
      part.reasons.push(runAll('checkout-attributes-changed', `${f.path} changed how git checks files out (\`${line}\`): a fresh checkout of the files it matches may differ byte for byte.`, f.path));
    }
  }
  return part;
}

function ruleLines(text: string | null): Set<string> {
  return new Set((text ?? '').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')));
}

function decidesCheckout(line: string): boolean {
  if (line.startsWith('[attr]')) return true;
  return line.split(/\s+/).slice(1).some((a) => CHECKOUT_ATTRIBUTES.has(a.replace(/^[-!]/, '').split('=')[0]!));
}
