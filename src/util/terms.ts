/**
 * Words of an identifier path for search: `Store.saveItem` -> `store save item saveitem`.
 * Splits on dots, snake_case and camelCase (acronyms kept whole: `parseHTTPRequest` -> parse http request).
 */
export function searchTerms(qualname: string): string {
  const words = new Set<string>();
  for (const part of qualname.split(/[.#@]/)) {
    const lower = part.toLowerCase().replace(/[^\p{L}\p{N}_]/gu, '');
    if (lower) words.add(lower);
    for (const word of splitIdentifier(part)) words.add(word);
  }
  return [...words].join(' ');
}

/** Lowercase words of one identifier. */
export function splitIdentifier(identifier: string): string[] {
  return identifier
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+|_/u)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 0);
}
