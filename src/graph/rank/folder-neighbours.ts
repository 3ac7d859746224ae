/** How many of the best-ranked files lend their folder a share of their score (as many as seed co-change). */
export const FOLDER_SEEDS = 10;

/** The folder part of a repository-relative POSIX path, with its trailing slash ('' at the root). */
function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/**
 * The folder signal: a file in the same folder as one of the FOLDER_SEEDS best-ranked files gets
 * that file's score relative to the best (the highest such share when several share its folder);
 * any other file 0. A commit mostly changes files that sit together (a module and its neighbours,
 * a test folder's cases), and the neighbours of a strong match often carry too few of the task's
 * words to rank on their own: in a repository of a thousand files they fall below the hundred a
 * 2,000-token map lists. `ranked` holds every file's score, best first (ties broken by path).
 */
export function folderScores(ranked: readonly { path: string; score: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  const top = ranked[0]?.score ?? 0;
  if (!(top > 0)) return out;
  const shareOf = new Map<string, number>();
  for (const { path, score } of ranked.slice(0, FOLDER_SEEDS)) {
    const folder = folderOf(path);
    shareOf.set(folder, Math.max(shareOf.get(folder) ?? 0, score / top));
  }
  for (const { path } of ranked) {
    const share = shareOf.get(folderOf(path));
    if (share !== undefined && share > 0) out.set(path, share);
  }
  return out;
}
