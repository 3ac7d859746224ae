/** Sections of package.json that pin dependency versions (name -> spec). */
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies', 'overrides', 'resolutions'];

/** Fields whose change cannot alter how a test runs. */
const INERT_FIELDS = new Set([
  'description',
  'keywords',
  'author',
  'contributors',
  'maintainers',
  'license',
  'homepage',
  'repository',
  'bugs',
  'funding',
  'version',
  'private',
  'publishConfig',
  'files',
  'engines',
  'packageManager',
  'prettier',
  'eslintConfig',
  'lint-staged',
  'husky',
  'commitlint',
  'config',
  'sideEffects',
  'types',
  'typings',
  'typesVersions',
  '$schema',
]);

export interface ManifestChange {
  /** Packages whose version spec changed (added and removed ones included). */
  packages: string[];
  /** Changed fields whose effect on tests ratlas cannot attribute (exports, main, type, test scripts). */
  fields: string[];
}

/** Pure: what changed in a package.json. Absent sides count as empty; unreadable JSON throws. */
export function diffManifest(base: string | null, head: string | null): ManifestChange {
  const before = parse(base);
  const after = parse(head);
  const packages = new Set<string>();
  for (const field of DEPENDENCY_FIELDS) {
    const a = asRecord(before[field]);
    const b = asRecord(after[field]);
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (JSON.stringify(a[name]) !== JSON.stringify(b[name])) packages.add(name);
    }
  }
  const pnpmBefore = asRecord(asRecord(before['pnpm'])['overrides']);
  const pnpmAfter = asRecord(asRecord(after['pnpm'])['overrides']);
  for (const key of new Set([...Object.keys(pnpmBefore), ...Object.keys(pnpmAfter)])) {
    if (JSON.stringify(pnpmBefore[key]) !== JSON.stringify(pnpmAfter[key])) packages.add(key.replace(/^(@?[^@>]+).*$/, '$1'));
  }
  const fields: string[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (DEPENDENCY_FIELDS.includes(field) || INERT_FIELDS.has(field)) continue;
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    if (field === 'scripts') {
      const a = asRecord(before[field]);
      const b = asRecord(after[field]);
      const scripts = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);
      // Only scripts that run tests change how tests run.
      if (scripts.some((k) => /test|spec|jest|vitest|mocha/i.test(k))) fields.push('scripts');
      continue;
    }
    if (field === 'pnpm' && JSON.stringify({ ...asRecord(before[field]), overrides: null }) === JSON.stringify({ ...asRecord(after[field]), overrides: null })) continue;
    fields.push(field);
  }
  return { packages: [...packages].sort(), fields: fields.sort() };
}

function parse(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  return asRecord(JSON.parse(text));
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
