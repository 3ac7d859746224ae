import { describe, expect, it } from 'vitest';
import { anywhereScope, inScope, isPattern, scopePrefix } from '../../src/model/path-scope.js';

describe('path scopes', () => {
  it('under any folder, or under any folder below a given one', () => {
    expect(inScope('lib/db/versions/a1.py', anywhereScope('versions'))).toBe(true);
    expect(inScope('lib/db/versions/a1.py', anywhereScope('versions', 'lib'))).toBe(true);
    expect(inScope('lib/versions/a1.py', anywhereScope('versions', 'lib'))).toBe(true);
    expect(inScope('app/db/versions/a1.py', anywhereScope('versions', 'lib'))).toBe(false);
    expect(inScope('lib/db/other/a1.py', anywhereScope('versions', 'lib'))).toBe(false);
    expect(isPattern(anywhereScope('versions', 'lib'))).toBe(true);
    expect(scopePrefix(anywhereScope('versions', 'lib'))).toBe(null);
  });
});
