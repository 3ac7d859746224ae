import type { ChalkInstance } from 'chalk';
import type { ImpactReport } from '../model/impact.js';
import type { Warning } from '../model/warning.js';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** Warnings, shown by every text renderer. */
export function renderWarnings(warnings: readonly Warning[], c: ChalkInstance): string[] {
  if (warnings.length === 0) return [];
  return ['', c.yellow(`${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`), ...warnings.map((w) => `  ${c.yellow(w.code)} ${w.file ? `${w.file}: ` : ''}${w.message}`)];
}

/**
 * The import floor in one line: how many tests load a changed file (what the runner's own related-test
 * selection picks), how many of those ratlas proved unaffected, and how many tests outside the floor
 * only a low-confidence edge reached (a test cannot run code it never loads).
 */
export function floorText(floor: NonNullable<ImpactReport['tests']['floor']>): string {
  const parts = [`${floor.size} test file${(floor.size === 1 ? '' : 's')} import a changed file`];
  if (floor.droppedByProof > 0) parts.push(`${floor.droppedByProof} of them proven unaffected`);
  if (floor.droppedOutsideFloor > 0) parts.push(`${floor.droppedOutsideFloor} outside it reached only by low-confidence edges, not run`);
  return parts.join('; ');
}
