import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Language, Parser, Query } from 'web-tree-sitter';
import type { LanguageDefinition, LoadedLanguage } from '../lang/types.js';
import { RatlasError } from '../util/errors.js';

const require = createRequire(import.meta.url);
let initialized: Promise<void> | undefined;
const loaded = new Map<string, Promise<LoadedLanguage>>();
const grammars = new Map<string, Promise<Language>>();
// Two `Language.load` calls in flight in one thread fail ("bad export type for
// 'tree_sitter_tsx_external_scanner_create'": 20 of 20 with Promise.all, never one at a time), so
// every grammar load in this thread waits for the one before it, whether it succeeded or not.
let loadChain: Promise<unknown> = Promise.resolve();

/** The version of the grammar package, recorded in every artifact manifest. */
export function grammarPackageVersion(): string {
  return (require('tree-sitter-wasms/package.json') as { version: string }).version;
}

/** Whether this thread has compiled any grammar's queries (then parsing here costs no compile). */
export function languagesLoaded(): boolean {
  return loaded.size > 0;
}

/**
 * Loads a language's grammar and compiles its queries, once per process (per worker thread).
 * An invalid query is an error naming the language and file, never an empty query.
 */
export function loadLanguage(definition: LanguageDefinition): Promise<LoadedLanguage> {
  let pending = loaded.get(definition.id);
  if (!pending) {
    pending = load(definition);
    loaded.set(definition.id, pending);
    // A failed load is not remembered, so that the next file of that language tries again.
    pending.catch(() => loaded.delete(definition.id));
  }
  return pending;
}

/** A language's query file, copied next to the built code. */
function queryFile(definition: LanguageDefinition, file: string): URL {
  return new URL(`../lang/${definition.folder}/${file}`, import.meta.url);
}

/** A digest of a language's query files as loading reads them (artifact manifests record it: pipeline/tool-info.ts). */
export function queryDigest(definition: LanguageDefinition): string {
  const hash = createHash('sha256');
  for (const file of definition.queries) hash.update(readFileSync(queryFile(definition, file))).update('\0');
  return hash.digest('hex').slice(0, 12);
}

async function load(definition: LanguageDefinition): Promise<LoadedLanguage> {
  const language = await loadGrammar(definition.grammar);
  const sources = await Promise.all(definition.queries.map(async (file) => ({ file, text: await readFile(queryFile(definition, file), 'utf8') })));
  let query: Query;
  try {
    query = new Query(language, sources.map((s) => s.text).join('\n'));
  } catch {
    // Query analysis is costly (seconds for a large grammar), so files are compiled one by one
    // only to name the broken one.
    for (const { file, text } of sources) {
      try {
        new Query(language, text).delete();
      } catch (error) {
        throw new RatlasError('query-invalid', `Query file ${definition.folder}/${file} does not compile for ${definition.id}: ${(error as Error).message}`, {
          exit: 3,
        });
      }
    }
    throw new RatlasError('query-invalid', `The queries of ${definition.id} compile one by one but not together`, { exit: 3 });
  }
  return { definition, language, query, grammarVersion: `tree-sitter-wasms@${grammarPackageVersion()}/${definition.grammar}` };
}

/** Starts tree-sitter's WebAssembly runtime in this thread (what every grammar load awaits first). */
export function prepareParser(): Promise<void> {
  initialized ??= Parser.init();
  return initialized;
}

/**
 * Loads a grammar once per thread, serialized with every other grammar load of the thread. Alone,
 * without compiling any query (milliseconds, not the half second a language's queries take), it
 * serves reading configuration files' object literals statically (src/ecosystem/npm); parsing
 * shares the same instance through `loadLanguage`.
 */
export function loadGrammar(file: string): Promise<Language> {
  let pending = grammars.get(file);
  if (!pending) {
    pending = loadChain.then(async () => {
      await prepareParser();
      return Language.load(await readFile(require.resolve(`tree-sitter-wasms/out/${file}`)));
    });
    loadChain = pending.catch(() => undefined);
    grammars.set(file, pending);
    pending.catch(() => grammars.delete(file));
  }
  return pending;
}
