import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lang/registry.js';
import { BINDING_KINDS } from '../../src/model/binding.js';
import { REF_KINDS } from '../../src/model/reference.js';
import { SYMBOL_KINDS } from '../../src/model/symbol.js';
import { loadLanguage } from '../../src/parse/load-language.js';
import { REPO_ROOT } from './helpers/annotated-golden.js';

// Captures the engine reads (src/lang/README.md); `@_x` captures only serve predicates.
const KNOWN = new Set([
  ...SYMBOL_KINDS.map((k) => `definition.${k}`),
  ...REF_KINDS.map((k) => `reference.${k}`),
  ...BINDING_KINDS.map((k) => `binding.${k}`),
  ...['name', 'body', 'exported', 'qualifier', 'receiver', 'module', 'alias', 'type', 'new', 'init', 'elements', 'callee', 'key'],
  ...['comment', 'literal', 'interpolation', 'unwrap', 'decorator', 'module.exclude', 'function', 'doc', 'docstring', 'evaluates', 'type-only'],
]);

describe.each(LANGUAGES.map((definition) => [definition.id, definition] as const))('%s queries', (_id, definition) => {
  it('have no pattern made of a predicate alone (it would match every node)', async () => {
    const { query } = await loadLanguage(definition);
    // Pattern offsets are UTF-8 byte offsets into the files joined as the loader joins them.
    const text = Buffer.from(definition.queries.map((file) => readFileSync(`${REPO_ROOT}src/lang/${definition.folder}/${file}`, 'utf8')).join('\n'));
    const predicateOnly = [];
    for (let i = 0; i < query.patternCount(); i++) {
      const pattern = text.subarray(query.startIndexForPattern(i), query.endIndexForPattern(i)).toString().trim();
      if (pattern.startsWith('(#')) predicateOnly.push(pattern.split('\n')[0]);
    }
    expect(predicateOnly).toEqual([]);
  });

  it('use only captures the engine knows', async () => {
    const { query } = await loadLanguage(definition);
    expect(query.captureNames.filter((name) => !name.startsWith('_') && !KNOWN.has(name))).toEqual([]);
  });
});
