import { RatlasError } from '../util/errors.js';

/** Most "did you mean" suggestions an answer carries. */
export const MAX_SUGGESTIONS = 5;

/** A query that named something the index does not have, with the closest names it does have. */
export class QueryError extends RatlasError {
  constructor(
    code: string,
    message: string,
    readonly suggestions: readonly string[],
    hint?: string,
  ) {
    super(code, message, hint === undefined ? {} : { hint });
    this.suggestions = suggestions.slice(0, MAX_SUGGESTIONS);
  }
}
