import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The encoding budgets are measured in. Anthropic publishes no tokenizer for current Claude models;
 * o200k_base (GPT-4o and later) is a real BPE over the same kinds of text and lands within a few
 * percent on code, which is what a budget needs. Counting is exact for this encoding, never estimated.
 */
export const TOKEN_ENCODING = 'o200k_base';

const cache = new Map<string, number>();
const CACHE_LIMIT = 50_000;

/** Tokens of `text` in TOKEN_ENCODING. Memoized: maps re-count the same lines many times. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  let count = cache.get(text);
  if (count === undefined) {
    count = countO200k(text);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, count);
  }
  return count;
}
