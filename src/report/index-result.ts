import { Chalk } from 'chalk';
import type { IndexResult, RestoreInfo } from '../model/index-result.js';
import { escapeInvisibleDeep } from '../util/untrusted-text.js';
import { formatBytes, renderWarnings } from './format.js';

const VERBS: Record<IndexResult['action'], string> = { built: 'Indexed', updated: 'Updated the index of', reused: 'Reused the index of' };

/** Text summary of `ratlas index`; repository text in it (warnings) shown with escapes. */
export function renderIndexResult(given: IndexResult, options: { color: boolean }): string {
  const result = escapeInvisibleDeep(given);
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const what = result.source === 'commit' ? `commit ${result.commit?.slice(0, 12)}` : `working tree (HEAD ${result.commit?.slice(0, 12) ?? 'none'})`;
  const f = result.files;
  const lines = [
    `${c.bold(VERBS[result.action])} ${what} in ${(result.durationMs / 1000).toFixed(2)} s`,
    `  from     ${describeRestore(result.restore)}`,
    `  files    ${f.total} (${f.ok} ok, ${f.partial} partial, ${f.failed} failed, ${f.skipped} skipped), ${result.lines} lines`,
    `  symbols  ${result.symbols}`,
    `  edges    ${result.edges}`,
    `  artifact ${result.artifact} (${formatBytes(result.artifactBytes)}, generation ${result.generation})`,
  ];
  return [...lines, ...renderWarnings(result.warnings, c)].join('\n');
}

/** One line saying where an index came from. */
export function describeRestore(restore: RestoreInfo): string {
  const delta = restore.mode === 'none' ? 'no change' : `${restore.changed} files changed, ${restore.reresolved} re-resolved (${restore.mode})`;
  const deepened = restore.deepened > 0 ? `, after fetching ${restore.deepened} commits of history` : '';
  switch (restore.kind) {
    case 'exact':
      return 'its own cached artifact';
    case 'ancestor':
      return `the cached index of ${restore.from?.slice(0, 12)}, ${restore.distance} commits back, plus the diff: ${delta}${deepened}`;
    case 'related':
      return `the cached index of ${restore.from?.slice(0, 12)}, no ancestor, plus the diff: ${delta}${deepened}`;
    case 'cold':
      return `scratch: ${restore.reason ?? 'nothing to reuse'}`;
    case 'worktree': {
      const head = restore.head ? `; HEAD from ${describeRestore(restore.head)}` : '';
      return `the index of ${restore.from?.slice(0, 12) ?? 'the working tree'} plus the files on disk: ${delta}${head}`;
    }
  }
}
