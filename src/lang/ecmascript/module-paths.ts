/** Extensions tried, in order, for an extensionless specifier (TypeScript's order first). */
const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** A `.js` written in TypeScript source names the `.ts` file it compiles from, which wins over a `.js` beside it. */
const SOURCE_FOR_OUTPUT: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};

/** Repo paths a specifier resolved to `base` may name, most likely first. */
export function fileCandidates(base: string): string[] {
  const candidates: string[] = [];
  const dot = base.lastIndexOf('.');
  const ext = dot > base.lastIndexOf('/') ? base.slice(dot) : '';
  for (const source of SOURCE_FOR_OUTPUT[ext] ?? []) candidates.push(base.slice(0, dot) + source);
  candidates.push(base);
  const prefix = base === '' ? '' : `${base}/`;
  if (base !== '') for (const e of EXTENSIONS) candidates.push(base + e);
  for (const e of EXTENSIONS) candidates.push(`${prefix}index${e}`);
  return candidates;
}

export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/**
 * The pattern of `patterns` that `specifier` matches, TypeScript's way: an exact key first, else the
 * `*` pattern with the longest prefix. Returns the key and what `*` stands for.
 */
export function matchPattern(patterns: readonly string[], specifier: string): { key: string; star: string } | undefined {
  if (patterns.includes(specifier)) return { key: specifier, star: '' };
  let best: { key: string; star: string } | undefined;
  let bestPrefix = -1;
  for (const key of patterns) {
    const star = key.indexOf('*');
    if (star === -1 || key.indexOf('*', star + 1) !== -1) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
    if (prefix.length > bestPrefix) {
      bestPrefix = prefix.length;
      best = { key, star: specifier.slice(prefix.length, specifier.length - suffix.length) };
    }
  }
  return best;
}
