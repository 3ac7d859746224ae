/** `start` and every node `next` leads to from it, directly or not (each visited once). */
export function reachable(start: string, next: (node: string) => Iterable<string> | undefined): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const up of next(queue.pop()!) ?? []) {
      if (seen.has(up)) continue;
      seen.add(up);
      queue.push(up);
    }
  }
  return seen;
}
