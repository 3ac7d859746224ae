import { summarizeStore } from '../../pipeline/index-status.js';
import { TOKEN_ENCODING } from '../../util/token-count.js';
import { composeAnswer } from '../answer.js';
import { headerLine } from '../session.js';
import type { ToolHandler } from './tool.js';

export const indexStatus: ToolHandler = async (session) => {
  const context = await session.context();
  const { live, snapshot, freshness } = context;
  const summary = await summarizeStore(live.store);
  const lines = summary.files.reduce((n, f) => n + f.lines, 0);
  const calls = summary.callSites;
  const percent = (n: number) => (calls.total === 0 ? '0%' : `${Math.round((100 * n) / calls.total)}%`);
  const fixed = [
    `repository: ${live.repo.root}`,
    `base commit: ${live.base} (artifact ${live.action}: ${live.artifact})`,
    `generation: ${live.generation}; working-tree files applied: ${live.changedFiles.length}${freshness.fresh ? '' : `; pending: ${freshness.pendingFiles}`}`,
    `files: ${snapshot.files.length} (${lines} lines): ${summary.files.map((f) => `${f.language} ${f.files}`).join(', ')}`,
    `symbols: ${snapshot.symbols.length}; edges: ${snapshot.edges.length}`,
    `call sites: ${calls.total}, resolved ${percent(calls.resolved)}, ambiguous ${percent(calls.ambiguous)}, external ${percent(calls.external)}, unresolved ${percent(calls.unresolved)}`,
    `files not fully parsed: ${summary.problems.length}${summary.problems.length > 0 ? ` (${summary.problems.slice(0, 5).map((p) => `${p.path}: ${p.reason ?? p.status}`).join('; ')})` : ''}`,
    `token counts: ${TOKEN_ENCODING}`,
  ];
  if (freshness.error) fixed.push(`last refresh failed: ${freshness.error}`);
  return composeAnswer({ header: (usage) => headerLine('index_status', context, usage), fixed, items: [], footer: () => null, budget: 2000 }).text;
};
