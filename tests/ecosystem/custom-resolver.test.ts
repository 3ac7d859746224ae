import { describe, expect, it } from 'vitest';
import { npmResolverScopes } from '../../src/ecosystem/npm/custom-resolver.js';
import type { TestUniverse } from '../../src/ecosystem/types.js';

const universe = (root: string, resolver?: string): TestUniverse => ({
  ecosystem: 'npm', runner: 'jest', configFile: null, root, roots: [], include: [], exclude: [], setupFiles: [], aliases: [], warnings: [], ...(resolver && { resolver }),
});
const manifests = new Map([['package.json', '{ "dependencies": { "lodash": "4" }, "devDependencies": { "@scope/kit": "1" } }']]);

describe('npmResolverScopes: where a jest resolver module of the tree may send an import', () => {
  it('a name no manifest declares: the files and folders its path after the first segment ends with', () => {
    const scopes = npmResolverScopes('test/a.test.js', '~/utils/fmt', manifests, [universe('', 'tools/resolver.js')]);
    expect(scopes).toContain('**/utils/fmt');
    expect(scopes).toContain('**/utils/fmt.js');
    expect(scopes).toContain('**/utils/fmt.ts');
    expect(npmResolverScopes('test/a.test.js', 'config', manifests, [universe('', 'tools/resolver.js')])).toContain('**/config.js');
  });

  it('none for packages, built-ins, relative paths, files outside the universe, or without a resolver', () => {
    const u = [universe('app', 'app/resolver.js')];
    expect(npmResolverScopes('app/a.test.js', 'lodash/fp', manifests, u)).toBeNull();
    expect(npmResolverScopes('app/a.test.js', '@scope/kit/x', manifests, u)).toBeNull();
    expect(npmResolverScopes('app/a.test.js', 'fs/promises', manifests, u)).toBeNull();
    expect(npmResolverScopes('app/a.test.js', 'node:path', manifests, u)).toBeNull();
    expect(npmResolverScopes('app/a.test.js', './rate', manifests, u)).toBeNull();
    expect(npmResolverScopes('lib/a.test.js', '~/rate', manifests, u)).toBeNull();
    expect(npmResolverScopes('app/a.test.js', '~/rate', manifests, [universe('app')])).toBeNull();
  });
});
