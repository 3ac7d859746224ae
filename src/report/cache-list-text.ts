import { Chalk } from 'chalk';
import Table from 'cli-table3';
import type { CacheListing } from '../model/cache-listing.js';
import { formatBytes } from './format.js';

/** Text rendering of `ratlas cache list`: a table of artifacts, newest first. */
export function renderCacheList(listing: CacheListing, options: { color: boolean }): string {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const style = { head: options.color ? ['cyan'] : [], border: options.color ? ['grey'] : [] };
  const out = [`${c.bold('Cache')} ${listing.cacheDir}: ${listing.artifacts.length} artifacts, ${formatBytes(listing.totalBytes)}`];
  if (listing.artifacts.length > 0) {
    const table = new Table({ head: ['', 'kind', 'commit', 'size', 'written', 'files', 'gen', 'state'], style });
    for (const a of listing.artifacts) {
      const state = a.state === 'ok' ? (a.live ? 'ok' : 'worktree gone') : `${a.state}: ${a.reason ?? ''}`;
      table.push([a.current ? '*' : '', a.kind, a.commit?.slice(0, 12) ?? '?', formatBytes(a.bytes), a.modified.replace('T', ' ').slice(0, 19), a.files ?? '', a.generation ?? '', state]);
    }
    out.push(table.toString(), '* the index of HEAD or of this worktree');
  }
  const stale = listing.leftovers.filter((l) => l.stale);
  if (stale.length > 0) out.push(c.yellow(`${stale.length} leftovers of interrupted writes (ratlas cache prune removes them).`));
  return out.join('\n');
}
