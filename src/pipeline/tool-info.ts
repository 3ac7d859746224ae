import { readFileSync } from 'node:fs';
import { EXTRACTION_VERSION } from '../lang/extraction-version.js';
import { LANGUAGES } from '../lang/registry.js';
import { grammarPackageVersion, queryDigest } from '../parse/load-language.js';
import type { ManifestExpectation } from '../store/artifact.js';
import { SCHEMA_VERSION } from '../store/schema-version.js';

let version: string | undefined;

/** ratlas's own version, from its package.json. */
export function toolVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}

let versions: Record<string, string> | undefined;

/**
 * What turns a language's source into facts: grammar package and file, the extraction version (the
 * engine) and a digest of the language's query files. A change to any of them invalidates every
 * artifact: the digest makes that true of a query edit nobody remembered to version, which would
 * otherwise leave a cached index with the old references (and a test the new ones reach unselected).
 */
export function grammarVersions(): Record<string, string> {
  if (!versions) {
    const pkg = grammarPackageVersion();
    versions = Object.fromEntries(
      LANGUAGES.map((lang) => [lang.id, `tree-sitter-wasms@${pkg}/${lang.grammar} extraction ${EXTRACTION_VERSION} queries ${queryDigest(lang)}`]),
    );
  }
  return versions;
}

export function manifestExpectation(configHash: string): ManifestExpectation {
  return { toolVersion: toolVersion(), schemaVersion: SCHEMA_VERSION, grammars: grammarVersions(), configHash };
}
