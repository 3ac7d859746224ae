import { splitIdentifier, stem } from '../../util/terms.js';

// The stemmer lives in util so that the index (file text, written by the parse workers) and the
// task's words are stemmed alike.
export { identifierStems, stem } from '../../util/terms.js';

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

export interface TaskTerms {
  /** Stemmed words, deduplicated, in order of first appearance. */
  words: string[];
  /**
   * How many of `words` (the first ones) appear on the task's first line: a commit message's or an
   * issue's subject names the change; the lines after it (context, motivation, a list of steps)
   * repeat those words among many that are only incidental. A one-line task has all its words here.
   */
  subjectWords: number;
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
  const text = task.trim();
  const firstLineEnd = text.indexOf('\n') < 0 ? text.length : text.indexOf('\n');
  let subjectWords = -1;
  for (const match of text.matchAll(/[\p{L}_$][\p{L}\p{N}_$]*/gu)) {
    const token = match[0];
    if (subjectWords < 0 && match.index >= firstLineEnd) subjectWords = words.length;
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
  return { words, identifiers, subjectWords: subjectWords < 0 ? words.length : subjectWords };
}

/**
 * Git trailer lines that credit people (`Co-authored-by: Name <mail>`, `Signed-off-by:`): their
 * names and mail hosts are no words of the code, yet each would match some file's text.
 */
const CREDIT_TRAILER = /^[ \t]*[A-Za-z][A-Za-z-]*-by:.*$/gim;

/** The task without credit trailers. */
export function withoutTrailers(task: string): string {
  return task.replace(CREDIT_TRAILER, '');
}
