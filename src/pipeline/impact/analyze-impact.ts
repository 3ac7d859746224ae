import { loadConfig } from '../../config/load-config.js';
import { GitRepo } from '../../git/repo.js';
import type { ImpactReport } from '../../model/impact.js';
import type { StoredSymbol } from '../../model/stored.js';
import { canonicalRepoPath } from '../../util/path.js';
import { changeImpact } from './change-impact.js';
import { impactSetting } from './impact-setting.js';
import type { IndexHandle } from './index-handle.js';
import { openForChange, resolveRange, type ChangeInput } from './resolve-range.js';
import { targetImpact, type TargetQuestion } from './target-impact.js';

export type { ChangeInput } from './resolve-range.js';
export type { TargetQuestion } from './target-impact.js';

export interface ImpactRequest {
  /** A directory inside the repository. */
  cwd: string;
  /** What changed; default: the working tree against HEAD. Ignored when `target` is given. */
  change?: ChangeInput;
  /** Instead of a change: the impact of this code as it is now. */
  target?: TargetQuestion;
  /** Shape the blast-radius report (default: the config's impact section). Never limits test selection. */
  depth?: number;
  minConfidence?: number;
  /** Fetch more history into a shallow clone until the merge-base is there. */
  deepen?: boolean;
  /** Worker threads for parsing the head side of a change. */
  jobs?: number;
}

export interface ImpactAnswer {
  report: ImpactReport;
  /** For a target: the symbols it named (what the traversal started from). */
  targets: StoredSymbol[];
}

/**
 * Use case: what a change touches, or what depends on a piece of code. The one entry the CLI
 * (`ratlas impact`), the MCP tools (impact_of, diff_impact) and the GitHub Action call; `indexes`
 * says where the indexes come from (artifactIndexes for a process that runs once, the live index
 * for the MCP server). Writes nothing to stdout; callers render the report.
 */
export async function analyzeImpact(request: ImpactRequest, indexes: IndexHandle): Promise<ImpactAnswer> {
  const change: ChangeInput = request.change ?? { kind: 'worktree' };
  const { repo, known } = request.target === undefined ? await openForChange(request.cwd, change) : { repo: await GitRepo.open(request.cwd), known: null };
  const { config } = loadConfig(repo.root);
  const shape = { depth: request.depth, minConfidence: request.minConfidence, jobs: request.jobs };
  if (request.target !== undefined) {
    const setting = await impactSetting(repo, config, 'worktree');
    return targetImpact(setting, request.target, request.cwd, indexes, shape);
  }
  const resolved = await resolveRange(repo, change, request.deepen ?? false, known);
  // The blob reader starts now, while this process is small (node forks the whole process to start
  // one), and serves the whole analysis: its readers (test universe, changed files, loaders) come
  // seconds apart, and one that went idle between them would end and start again at 400 MB.
  const blobs = repo.openBlobReader({ endWhenReleased: true });
  try {
    // Read while the analysis collects the changeset and opens the base index (see changeImpact).
    const setting = impactSetting(repo, config, resolved.target.kind === 'commit' ? { commit: resolved.target.commit } : 'worktree');
    return { report: await changeImpact({ repo, config, setting }, resolved, indexes, shape), targets: [] };
  } finally {
    blobs.close();
  }
}

/** A path the user typed (relative to `cwd`) as a repo-relative path. */
export async function repoPathOf(cwd: string, given: string): Promise<string> {
  const repo = await GitRepo.open(cwd);
  return canonicalRepoPath(repo.root, cwd, given);
}
