import { hashParts } from '../util/hash.js';

/**
 * The digest of no tokens. src/diff recognizes an empty body by it (`hashParts([])`, which it was
 * before this hash replaced SHA-1): a body this empty is no evidence that two symbols are one.
 */
export const EMPTY_TOKENS_DIGEST = hashParts([]);

/**
 * An incremental 64-bit hash of a token sequence (two 32-bit lanes, cyrb53's mixing). Not
 * cryptographic: it only tells whether one symbol's tokens changed between two versions of a file,
 * where a collision chance near 2^-53 is noise. It replaces a SHA-1 per symbol part, which cost
 * more than lexing the whole file, and needs no array of token strings.
 */
export class TokenHash {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;
  private count = 0;

  add(token: string): void {
    this.addRange(token, 0, token.length);
  }

  /** Adds `text.slice(start, end)` without making the substring. */
  addRange(text: string, start: number, end: number): void {
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    // A separator, so that ["ab", "c"] and ["a", "bc"] differ.
    this.h1 = Math.imul(h1 ^ 0x1f, 2654435761);
    this.h2 = Math.imul(h2 ^ 0x1f, 1597334677);
    this.count++;
  }

  /** 16 hex digits; EMPTY_TOKENS_DIGEST for the empty sequence. */
  digest(): string {
    if (this.count === 0) return EMPTY_TOKENS_DIGEST;
    let h1 = this.h1 ^ this.count;
    let h2 = this.h2;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
  }
}

/** The digest of a whole sequence at once. */
export function hashTokens(tokens: readonly string[]): string {
  const hash = new TokenHash();
  for (const token of tokens) hash.add(token);
  return hash.digest();
}
