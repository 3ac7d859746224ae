import { readFileSync } from 'node:fs';
import { EXTRACTION_VERSION } from '../lang/extraction-version.js';
import { LANGUAGES } from '../lang/registry.js';
import { grammarPackageVersion } from '../parse/load-language.js';
import type { ManifestExpectation } from '../store/artifact.js';
import { SCHEMA_VERSION } from '../store/schema-version.js';

let version: string | undefined;

/** ratlas's own version, from its package.json. */
export function toolVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}

/**
 * What turns a language's source into facts: grammar package and file, and the extraction version
 * (queries and engine). A change to either invalidates every artifact.
 */
export function grammarVersions(): Record<string, string> {
  const pkg = grammarPackageVersion();
  return Object.fromEntries(LANGUAGES.map((lang) => [lang.id, `tree-sitter-wasms@${pkg}/${lang.grammar} extraction ${EXTRACTION_VERSION}`]));
}

export function manifestExpectation(configHash: string): ManifestExpectation {
  return { toolVersion: toolVersion(), schemaVersion: SCHEMA_VERSION, grammars: grammarVersions(), configHash };
}
