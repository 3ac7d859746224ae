import type { PruneReport } from '../model/prune-report.js';
import { formatBytes } from './format.js';

/** Text rendering of `ratlas cache prune`. */
export function renderCachePrune(report: PruneReport): string {
  const verb = report.dryRun ? 'Would remove' : 'Removed';
  const out = [`${verb} ${report.removed.length} files (${formatBytes(report.freedBytes)}); ${report.kept} artifacts kept, ${formatBytes(report.totalBytesAfter)} in ${report.cacheDir}.`];
  for (const r of report.removed) out.push(`  ${r.reason.padEnd(17)} ${r.path} (${formatBytes(r.bytes)})`);
  for (const path of report.busy) out.push(`  busy (being written, kept) ${path}`);
  return out.join('\n');
}
