import { readFileSync } from 'node:fs';
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

/** Grammar package and file per language: a grammar upgrade invalidates every artifact. */
export function grammarVersions(): Record<string, string> {
  const pkg = grammarPackageVersion();
  return Object.fromEntries(LANGUAGES.map((lang) => [lang.id, `tree-sitter-wasms@${pkg}/${lang.grammar}`]));
}

export function manifestExpectation(configHash: string): ManifestExpectation {
  return { toolVersion: toolVersion(), schemaVersion: SCHEMA_VERSION, grammars: grammarVersions(), configHash };
}
