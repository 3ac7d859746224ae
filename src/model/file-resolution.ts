import type { Edge, Outcome } from './edge.js';
import type { ModuleLink } from './module-target.js';

/** The resolution result for one file's references. */
export interface FileResolution {
  path: string;
  edges: Edge[];
  outcomes: { refId: number; outcome: Outcome; rule: string | null }[];
  /** Keys of the index data this file's resolution read (see src/graph/resolve/tracked-view.ts). */
  deps: string[];
  /**
   * Where each module specifier the file writes leads, by specifier: stored at resolution time so
   * that readers (impact's module graph) need not resolve them again. Absent: none recorded.
   */
  modules?: ModuleLink[];
}
