import type { Edge, Outcome } from './edge.js';

/** The resolution result for one file's references. */
export interface FileResolution {
  path: string;
  edges: Edge[];
  outcomes: { refId: number; outcome: Outcome; rule: string | null }[];
  /** Keys of the index data this file's resolution read (see src/graph/resolve/tracked-view.ts). */
  deps: string[];
}
