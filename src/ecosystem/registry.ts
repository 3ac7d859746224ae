import { python } from './python/adapter.js';
import { conventions as pyConventions } from './python/conventions.js';
import type { EcosystemAdapter } from './types.js';

/** Every ecosystem ratlas knows; order matters only for report order. */
export const ECOSYSTEMS: readonly EcosystemAdapter[] = [python];

/** The conventions the shared selection defaults take from each ecosystem (see python/conventions.ts). */
export const CONVENTIONS = [pyConventions] as const;
