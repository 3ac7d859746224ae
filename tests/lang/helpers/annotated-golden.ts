import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extract } from '../../../src/lang/extract.js';
import { languageForPath } from '../../../src/lang/registry.js';
import type { Extraction } from '../../../src/model/extraction.js';
import { loadLanguage } from '../../../src/parse/load-language.js';
import { expectGolden } from './expect-golden.js';
import { renderAnnotated } from './render-annotated.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const FIXTURES = `${REPO_ROOT}fixtures/lang/`;
export const GOLDENS = `${REPO_ROOT}tests/lang/goldens/`;

/** Extracts a file as the indexer would: by its extension, with its repo-relative path. */
export async function extractFile(repoPath: string, source: string): Promise<Extraction> {
  const definition = languageForPath(repoPath);
  if (!definition) throw new Error(`no language for ${repoPath}`);
  return extract(await loadLanguage(definition), repoPath, source);
}

/** fixtures/lang/<folder>/<file> rendered as annotated source, compared with its golden. */
export async function expectAnnotatedGolden(folder: string, file: string): Promise<void> {
  const repoPath = `fixtures/lang/${folder}/${file}`;
  const source = readFileSync(`${REPO_ROOT}${repoPath}`, 'utf8');
  const extraction = await extractFile(repoPath, source);
  // Carets go in comment lines, spelled as the fixture's language spells a line comment.
  const comment = folder === 'python' ? '#' : '//';
  expectGolden(renderAnnotated(source, extraction, comment), `${GOLDENS}${folder}/${file}.golden`);
}
