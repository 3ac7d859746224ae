import { describe, expect, it } from 'vitest';
import { extract } from '../src/lang/extract.js';
import { languageForPath } from '../src/lang/registry.js';
import { loadLanguage } from '../src/parse/load-language.js';

describe('extract', () => {
  it('reads a class and its method', async () => {
    const lang = await loadLanguage(languageForPath('a.ts')!);
    const out = extract(lang, 'a.ts', 'export class Store { save() { return 1; } }\n');
    expect(out.symbols.map((s) => s.qualname)).toEqual(['<module>', 'Store', 'Store.save']);
  });
});
