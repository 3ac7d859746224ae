import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lang/registry.js';
import { grammarVersions } from '../../src/pipeline/tool-info.js';

describe('grammarVersions: what an artifact was extracted with', () => {
  it("names each language's query files by digest, so a query edit alone invalidates a cached index", () => {
    const versions = grammarVersions();
    for (const lang of LANGUAGES) {
      const hash = createHash('sha256');
      for (const file of lang.queries) hash.update(readFileSync(new URL(`../../src/lang/${lang.folder}/${file}`, import.meta.url))).update('\0');
      expect(versions[lang.id]).toMatch(new RegExp(` extraction \\d+ queries ${hash.digest('hex').slice(0, 12)}$`));
    }
    expect(versions['python']!.split(' queries ')[1]).not.toBe(versions['typescript']!.split(' queries ')[1]);
  });
});
