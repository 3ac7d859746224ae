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

/**
 * Reduces a lowercase word to a crude stem so that `parse`, `parses`, `parsed` and `parsing` meet
 * (all `pars`): strips one inflection, then a final `e`.
 */
export function stem(word: string): string {
  let base = word;
  if (base.length > 5 && base.endsWith('ing')) base = base.slice(0, -3);
  else if (base.length > 4 && base.endsWith('ies')) base = `${base.slice(0, -3)}y`;
  else if (base.length > 4 && /(ss|x|ch|sh)es$/.test(base)) base = base.slice(0, -2);
  else if (base.length > 4 && base.endsWith('ed')) base = base.slice(0, -2);
  else if (base.length > 3 && base.endsWith('s') && !base.endsWith('ss')) base = base.slice(0, -1);
  return base.length > 3 && base.endsWith('e') ? base.slice(0, -1) : base;
}

/** Stemmed words of an identifier or a path segment. */
export function identifierStems(identifier: string): string[] {
  return splitIdentifier(identifier).map(stem);
}

/** Identifier-like tokens of any text (code, prose, a string literal). */
const WORD = /[\p{L}_$][\p{L}\p{N}_$]*/gu;

/**
 * Stemmed words of more than one letter, per token, remembered across calls: a file is counted
 * span by span (each comment and literal apart) and files share most of their tokens (`return`,
 * `props`, a project's own names), so splitting each distinct token once per parse worker instead
 * of once per span took splitting from ~7% of a worker's extraction to a map lookup. Pure: the
 * answer depends on the token alone. Bounded: cleared when it holds too many tokens.
 */
const STEMS = new Map<string, readonly string[]>();
const STEMS_MAX = 200_000;

function tokenWords(token: string): readonly string[] {
  let words = STEMS.get(token);
  if (words === undefined) {
    if (STEMS.size >= STEMS_MAX) STEMS.clear();
    words = identifierStems(token).filter((w) => w.length > 1);
    STEMS.set(token, words);
  }
  return words;
}

/** Adds the stemmed words of `text` to `counts` (words of one letter are dropped). */
export function countWords(text: string, counts: Map<string, number>): void {
  // Code repeats its tokens (`return`, `this`, a file's own names): each distinct one is counted once.
  const tokens = new Map<string, number>();
  for (const token of text.match(WORD) ?? []) tokens.set(token, (tokens.get(token) ?? 0) + 1);
  for (const [token, times] of tokens) {
    for (const word of tokenWords(token)) counts.set(word, (counts.get(word) ?? 0) + times);
  }
}

/**
 * A bag of words as full-text search stores it: each word in sorted order, repeated 1 + log2(count)
 * times (1, 2 for 2-3, 3 for 4-7, ...). BM25 saturates term frequency anyway, so the damped count
 * ranks about the same while a file that says `column` 400 times stores it 9 times; sorted words
 * compress well in the artifact.
 */
export function wordBag(counts: ReadonlyMap<string, number>): string {
  const out: string[] = [];
  for (const word of [...counts.keys()].sort()) {
    const times = 1 + Math.floor(Math.log2(counts.get(word)!));
    for (let i = 0; i < times; i++) out.push(word);
  }
  return out.join(' ');
}
