import type { IndexStore } from './index-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';

export { OPEN_ROOM } from './sqlite/engine.js';

// The one place a store is constructed: pipelines depend on IndexStore, never on a backend.

/** A new, empty index. `expectedBytes`: about how large it will grow, when the caller knows. */
export function createStore(expectedBytes = 0): Promise<IndexStore> {
  return SqliteStore.create(expectedBytes);
}

/** Opens an index from bytes written by IndexStore.serialize; refuses another schema version. */
export function openStore(bytes: Uint8Array): Promise<IndexStore> {
  return SqliteStore.open(bytes);
}
