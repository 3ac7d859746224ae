import { statSync } from 'node:fs';
import type { ResolutionBreakdown, StatusReport } from '../model/status-report.js';
import { loadConfig } from '../config/load-config.js';
import { GitRepo } from '../git/repo.js';
import type { IndexStore } from '../store/index-store.js';
import { openIndex, type BuildIndexOptions } from './build-index.js';
import { readTestUniverse, universeSummary } from './impact/read-test-universe.js';

const CALL_SITE_KINDS = new Set(['call', 'new', 'jsx']);

/** Use case: what the index holds and how well its references resolved. */
export async function indexStatus(options: BuildIndexOptions): Promise<StatusReport> {
  const opened = await openIndex(options);
  try {
    return {
      schemaVersion: 1,
      commit: opened.manifest.commit || null,
      source: opened.manifest.source,
      artifact: { path: opened.artifact, bytes: statSync(opened.artifact).size, action: opened.action },
      ...(await summarizeStore(opened.store)),
      tests: await testsOf(opened.store, options.cwd, opened.manifest.source === 'commit' ? opened.manifest.commit : null),
      warnings: opened.warnings,
    };
  } finally {
    await opened.store.close();
  }
}

async function testsOf(store: IndexStore, cwd: string, commit: string | null): Promise<NonNullable<StatusReport['tests']>> {
  const repo = await GitRepo.open(cwd);
  const universe = await readTestUniverse(repo, commit ? { commit } : 'worktree', loadConfig(repo.root).config);
  return universeSummary(universe, (await store.listFiles()).map((f) => f.path));
}

export async function summarizeStore(store: IndexStore): Promise<Pick<StatusReport, 'files' | 'symbols' | 'edges' | 'callSites' | 'references' | 'problems'>> {
  const stats = await store.stats();
  const languages = [...new Set(stats.files.map((f) => f.language))].sort();
  const files = languages.map((language) => {
    const rows = stats.files.filter((f) => f.language === language);
    const count = (status: string) => rows.filter((r) => r.status === status).reduce((n, r) => n + r.count, 0);
    return {
      language,
      files: rows.reduce((n, r) => n + r.count, 0),
      lines: rows.reduce((n, r) => n + r.lines, 0),
      ok: count('ok'),
      partial: count('partial'),
      failed: count('failed'),
      skipped: count('skipped'),
    };
  });
  const problems = (await store.listFiles())
    .filter((f) => f.status !== 'ok')
    .map((f) => ({ path: f.path, status: f.status, reason: f.reason }));
  return {
    files,
    symbols: stats.symbols,
    edges: stats.edges,
    callSites: breakdown(stats.outcomes.filter((o) => CALL_SITE_KINDS.has(o.kind))),
    references: breakdown(stats.outcomes),
    problems,
  };
}

function breakdown(rows: { outcome: string; rule: string; count: number }[]): ResolutionBreakdown {
  const sum = (outcome: string) => rows.filter((r) => r.outcome === outcome).reduce((n, r) => n + r.count, 0);
  const byRule = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.rule || 'none'}\0${row.outcome}`;
    byRule.set(key, (byRule.get(key) ?? 0) + row.count);
  }
  return {
    total: rows.reduce((n, r) => n + r.count, 0),
    resolved: sum('resolved'),
    ambiguous: sum('ambiguous'),
    external: sum('external'),
    unresolved: sum('unresolved'),
    local: sum('local'),
    byRule: [...byRule]
      .map(([key, count]) => {
        const [rule, outcome] = key.split('\0') as [string, string];
        return { rule, outcome, count };
      })
      .sort((a, b) => b.count - a.count || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) || (a.outcome < b.outcome ? -1 : 1)),
  };
}
