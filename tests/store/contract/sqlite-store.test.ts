import { createStore, openStore } from '../../../src/store/open-store.js';
import { storeContract } from './store-contract.js';

// The sql.js store, as the pipelines get it (src/store/open-store.ts).
storeContract('sql.js', { create: () => createStore(), open: (bytes) => openStore(bytes) });
