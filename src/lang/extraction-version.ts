/**
 * The version of what extract() makes of a given source: bump it whenever the same bytes can yield
 * other facts or other hashes (a query, token or hash rule changed). Artifacts built by another
 * version must be rebuilt, or a diff between them reports every symbol as changed. The grammar
 * version alone does not say this: the queries and the engine change without it.
 *
 * 2: query fixes, lexer-based token hashes (TokenHash instead of SHA-1 of leaf tokens).
 */
export const EXTRACTION_VERSION = 2;
