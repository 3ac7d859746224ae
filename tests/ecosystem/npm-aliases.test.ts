import { describe, expect, it } from 'vitest';
import { aliasRewrites, npmAliasTarget } from '../../src/ecosystem/npm/aliases.js';
import type { TestUniverse } from '../../src/ecosystem/types.js';

const universe = (runner: string, aliases: TestUniverse['aliases']): TestUniverse => ({ ecosystem: 'npm', runner, configFile: 'package.json', root: '', roots: [], include: [], exclude: [], setupFiles: [], aliases, warnings: [] });

describe('npm runner aliases: what a rewrite names', () => {
  it("takes a jest moduleNameMapper path for the whole new name, an unanchored pattern's too", () => {
    const jest = universe('jest', [
      { pattern: '\\.css$', replacement: '<rootDir>/test/styleStub.js' },
      { pattern: '^@/(.*)$', replacement: '<rootDir>/src/$1' },
    ]);
    expect(aliasRewrites(jest, './styles.css')).toEqual(['<rootDir>/test/styleStub.js']);
    expect(aliasRewrites(jest, '@/util/date')).toEqual(['<rootDir>/src/util/date']);
    expect(npmAliasTarget(jest, '../ui/button.module.css', (p) => p === 'test/styleStub.js', 'src/app.js')).toBe('test/styleStub.js');
  });

  it("replaces only what a vite alias's regex matched", () => {
    const vite = universe('vitest', [{ pattern: '^~/', replacement: '/src/' }]);
    expect(aliasRewrites(vite, '~/util/date')).toEqual(['/src/util/date']);
  });
});
