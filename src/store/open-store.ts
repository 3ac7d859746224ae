import type { IndexStore } from './index-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';

export { OPEN_ROOM } from './sqlite/engine.js';

// The one place a store is constructed: pipelines depend on IndexStore, never on a backend.

/** A new, empty index. `expectedBytes`: about how large it will grow, when the caller knows. */
export function createStore(expectedBytes = 0): Promise<IndexStore> {
  return SqliteStore.create(expectedBytes);
}

/**
 * Opens an index from bytes written by IndexStore.serialize; refuses another schema version.
 * `growInPlace`: the caller hands over the bytes and their buffer's spare capacity past them (up to
 * OPEN_ROOM of them), for the index to grow into without a copy.
 */
export function openStore(bytes: Uint8Array, options: { growInPlace?: boolean } = {}): Promise<IndexStore> {
  return SqliteStore.open(bytes, options.growInPlace ?? false);
}
