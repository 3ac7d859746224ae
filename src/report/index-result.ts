import { Chalk } from 'chalk';
import type { IndexResult } from '../pipeline/build-index.js';
import { formatBytes, renderWarnings } from './format.js';

/** Text summary of `ratlas index`. */
export function renderIndexResult(result: IndexResult, options: { color: boolean }): string {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const what = result.source === 'commit' ? `commit ${result.commit?.slice(0, 12)}` : `working tree (HEAD ${result.commit?.slice(0, 12) ?? 'none'})`;
  const verb = result.action === 'built' ? 'Indexed' : 'Reused the index of';
  const f = result.files;
  const lines = [
    `${c.bold(verb)} ${what} in ${(result.durationMs / 1000).toFixed(2)} s`,
    `  files    ${f.total} (${f.ok} ok, ${f.partial} partial, ${f.failed} failed, ${f.skipped} skipped), ${result.lines} lines`,
    `  symbols  ${result.symbols}`,
    `  edges    ${result.edges}`,
    `  artifact ${result.artifact} (${formatBytes(result.artifactBytes)})`,
  ];
  return [...lines, ...renderWarnings(result.warnings, c)].join('\n');
}
