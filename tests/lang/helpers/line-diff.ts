/**
 * A unified diff of two texts by lines (LCS; goldens are a few hundred lines, so O(n·m) is fine).
 * Hunks carry 3 lines of context, like `diff -u`.
 */
export function lineDiff(before: string, after: string, name: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  type Op = { tag: ' ' | '-' | '+'; text: string; aLine: number; bLine: number };
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ tag: ' ', text: a[i++]!, aLine: i, bLine: ++j });
    // Deletions before insertions, as `diff -u` shows a replaced line.
    else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ tag: '-', text: a[i++]!, aLine: i, bLine: j });
    else ops.push({ tag: '+', text: b[j++]!, aLine: i, bLine: j });
  }
  const out = [`--- ${name} (golden)`, `+++ ${name} (actual)`];
  const context = 3;
  const changes = ops.flatMap((op, k) => (op.tag === ' ' ? [] : [k]));
  for (let c = 0; c < changes.length; ) {
    let last = changes[c]!;
    const first = last;
    // Changes closer than two contexts apart share a hunk.
    while (c + 1 < changes.length && changes[c + 1]! - last <= 2 * context) last = changes[++c]!;
    c++;
    const hunk = ops.slice(Math.max(0, first - context), Math.min(ops.length, last + context + 1));
    out.push(`@@ -${hunk[0]!.aLine} +${hunk[0]!.bLine} @@`, ...hunk.map((op) => `${op.tag}${op.text}`));
  }
  return out.join('\n');
}
