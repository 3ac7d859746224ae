import type { ChalkInstance } from 'chalk';
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
