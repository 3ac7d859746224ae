import { describe, expect, it } from 'vitest';
import { planPrune, type PruneCandidate } from '../../src/store/plan-prune.js';

const KB = 1024;
const artifact = (path: string, mtimeMs: number, extra: Partial<PruneCandidate> = {}): PruneCandidate => ({
  path,
  kind: 'commit',
  bytes: 10 * KB,
  mtimeMs,
  state: 'ok',
  live: true,
  ...extra,
});

describe('planPrune', () => {
  it('always removes damaged artifacts and those of worktrees that are gone, and nothing else without limits', () => {
    const plan = planPrune(
      [
        artifact('a.ratlas', 1),
        artifact('b.ratlas', 2, { state: 'damaged' }),
        artifact('worktree-1.ratlas', 3, { kind: 'worktree', live: false }),
        artifact('worktree-2.ratlas', 4, { kind: 'worktree' }),
        artifact('c.ratlas', 5, { state: 'incompatible' }),
      ],
      {},
    );
    expect(plan.remove).toEqual([
      { path: 'b.ratlas', reason: 'damaged' },
      { path: 'worktree-1.ratlas', reason: 'orphaned-worktree' },
    ]);
    expect(plan.keep).toEqual(['a.ratlas', 'c.ratlas', 'worktree-2.ratlas']);
  });

  it('keeps the N most recently written commit artifacts, dropping incompatible ones first', () => {
    const plan = planPrune([artifact('old.ratlas', 1), artifact('mid.ratlas', 2), artifact('new.ratlas', 3), artifact('foreign.ratlas', 4, { state: 'incompatible' })], { keep: 2 });
    expect(plan.remove).toEqual([
      { path: 'foreign.ratlas', reason: 'over-keep' },
      { path: 'old.ratlas', reason: 'over-keep' },
    ]);
  });

  it('removes the oldest commit artifacts until the total fits, never a live worktree artifact', () => {
    const plan = planPrune(
      [artifact('old.ratlas', 1), artifact('mid.ratlas', 2), artifact('new.ratlas', 3), artifact('worktree-1.ratlas', 0, { kind: 'worktree', bytes: 15 * KB })],
      { maxBytes: 30 * KB },
    );
    expect(plan.remove).toEqual([
      { path: 'mid.ratlas', reason: 'over-max-size' },
      { path: 'old.ratlas', reason: 'over-max-size' },
    ]);
    expect(plan.keep).toEqual(['new.ratlas', 'worktree-1.ratlas']);
  });

  it('applies both limits together', () => {
    const plan = planPrune([artifact('a.ratlas', 1, { bytes: 50 * KB }), artifact('b.ratlas', 2, { bytes: 50 * KB }), artifact('c.ratlas', 3, { bytes: 50 * KB })], {
      keep: 2,
      maxBytes: 60 * KB,
    });
    expect(plan.remove).toEqual([
      { path: 'a.ratlas', reason: 'over-keep' },
      { path: 'b.ratlas', reason: 'over-max-size' },
    ]);
  });
});
