import { splitIdentifier } from '../../util/terms.js';

/**
 * Words that carry no signal about where in a codebase a task lives: English function words and the
 * verbs every commit message and task starts with. Kept small on purpose: inverse document frequency
 * already discounts common identifier words (`get`, `value`), and words such as `update`, `remove`
 * or `request` name code as often as they describe a change.
 */
const STOPWORDS = new Set(
  `a an and any are as at be been but by can could did do does doing done for from had has have how i if in into is it its
  let me my no not of on or our out over should so some such than that the their them then there these they this those
  to too under up us use used uses using via was we were what when where which while who why will with would you your
  add added adds adding fix fixed fixes fixing support supports refactor refactored improve improved implement
  implemented allow allows instead also feat chore wip bump`.split(/\s+/),
);

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

export interface TaskTerms {
  /** Stemmed words, deduplicated, in order of first appearance. */
  words: string[];
  /** Identifiers written whole in the task (`parseHTTPRequest`, `user_id`), lowercased: exact-name hits. */
  identifiers: string[];
}

/**
 * The search terms of a task description: every identifier-like token split on camelCase and
 * snake_case and stemmed, stopwords and one-letter words dropped.
 */
export function taskTerms(task: string): TaskTerms {
  const words: string[] = [];
  const identifiers: string[] = [];
  const seenWords = new Set<string>();
  const seenIds = new Set<string>();
  for (const token of task.match(/[\p{L}_$][\p{L}\p{N}_$]*/gu) ?? []) {
    const parts = splitIdentifier(token);
    if (parts.length > 1 || /[A-Z_]/.test(token.slice(1))) {
      const id = token.toLowerCase();
      if (!seenIds.has(id)) {
        seenIds.add(id);
        identifiers.push(id);
      }
    }
    for (const part of parts) {
      if (part.length < 2 || STOPWORDS.has(part)) continue;
      const word = stem(part);
      if (!seenWords.has(word)) {
        seenWords.add(word);
        words.push(word);
      }
    }
  }
  return { words, identifiers };
}
