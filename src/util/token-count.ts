/**
 * The encoding budgets are measured in. Anthropic publishes no tokenizer for current Claude models;
 * o200k_base (GPT-4o and later) is a real BPE over the same kinds of text and lands within a few
 * percent on code, which is what a budget needs. Counting is exact for this encoding, never estimated.
 */
export const TOKEN_ENCODING = 'o200k_base';

const cache = new Map<string, number>();
const CACHE_LIMIT = 50_000;

let encoder: ((text: string) => number) | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the encoding. Its merge ranks are a module that takes about 0.4 s to compile and run
 * (measured 2026-12-04): imported with this module, the MCP server paid it before it could answer
 * `initialize` or begin opening its index; loaded on demand, it runs while the index opens.
 */
export function loadTokenCounter(): Promise<void> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => {
    encoder = module.countTokens;
  });
  return loading;
}

/** Tokens of `text` in TOKEN_ENCODING, once loadTokenCounter() has settled. Memoized: maps re-count the same lines many times. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  let count = cache.get(text);
  if (count === undefined) {
    if (!encoder) throw new Error('countTokens called before loadTokenCounter() settled');
    count = encoder(text);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, count);
  }
  return count;
}
