import { describe, expect, it } from 'vitest';
import { pathTo, traverseDependents, type Dependent } from '../../src/graph/impact/traverse-dependents.js';

/** A dependency graph as "who depends on whom": node -> dependents. */
function expander(graph: Record<string, Dependent[]>) {
  const calls: string[][] = [];
  const expand = async (frontier: readonly string[]) => {
    calls.push([...frontier]);
    return new Map(frontier.map((n) => [n, graph[n] ?? []]));
  };
  return { expand, calls };
}

const dep = (node: string, confidence = 1): Dependent => ({ node, relation: 'calls', confidence });

describe('traverseDependents', () => {
  it('finds the full transitive closure level by level, with depths and paths', async () => {
    const { expand, calls } = expander({ a: [dep('b'), dep('c')], b: [dep('d')], c: [dep('d')], d: [dep('a')] });
    const reached = await traverseDependents(['a'], expand);
    expect([...reached.values()].map((r) => `${r.node}:${r.depth}`)).toEqual(['a:0', 'b:1', 'c:1', 'd:2']);
    expect(calls).toEqual([['a'], ['b', 'c'], ['d']]);
    expect(pathTo(reached, 'd').map((r) => r.node)).toEqual(['a', 'b', 'd']);
  });

  it('keeps the most confident of the shortest paths, and multiplies confidence along it', async () => {
    const { expand } = expander({ s: [dep('x', 0.5), dep('y', 0.9)], x: [dep('t', 1)], y: [dep('t', 0.9)], t: [] });
    const reached = await traverseDependents(['s'], expand);
    expect(reached.get('t')).toMatchObject({ depth: 2, parent: 'y' });
    expect(reached.get('t')!.confidence).toBeCloseTo(0.81);
  });

  it('stops at maxDepth when asked, and never revisits a seed', async () => {
    const { expand } = expander({ a: [dep('b'), dep('a')], b: [dep('c')], c: [dep('d')] });
    const reached = await traverseDependents(['a'], expand, { maxDepth: 2 });
    expect([...reached.keys()]).toEqual(['a', 'b', 'c']);
    expect(reached.get('a')!.depth).toBe(0);
  });
});
