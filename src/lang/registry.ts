import { javascript, tsx, typescript } from './ecmascript/adapter.js';
import { python } from './python/adapter.js';
import { hasNoExtension, shebangProgram } from './shebang.js';
import type { LanguageDefinition, ProjectFileTraits } from './types.js';

/** Every language ratlas parses. Add a language: a folder under src/lang and one entry here. */
export const LANGUAGES: readonly LanguageDefinition[] = [typescript, tsx, javascript, python];

const byExtension = new Map(LANGUAGES.flatMap((lang) => lang.extensions.map((ext) => [ext, lang] as const)));

/**
 * The language of a path by its extension, or undefined when ratlas does not parse it. A path
 * without an extension (`bin/terser`) is a script whose `#!` line says: given `head`, the file's
 * first bytes (SCRIPT_HEAD_BYTES, decoded), it is the language whose adapter owns the program that
 * line runs; without `head`, undefined (hasNoExtension says when reading it can tell).
 */
export function languageForPath(path: string, head?: string): LanguageDefinition | undefined {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot > slash + 1) return byExtension.get(path.slice(dot).toLowerCase());
  if (head === undefined || !hasNoExtension(path)) return undefined;
  const program = shebangProgram(head);
  return program === undefined ? undefined : LANGUAGES.find((lang) => lang.interpreters?.test(program) === true);
}

export { hasNoExtension, scriptHead, SCRIPT_HEAD_BYTES } from './shebang.js';

export function languageById(id: string): LanguageDefinition | undefined {
  return LANGUAGES.find((lang) => lang.id === id);
}

const projectReaders = [...new Set(LANGUAGES.flatMap((lang) => (lang.resolution.projectFiles ? [lang.resolution.projectFiles] : [])))];

/**
 * The reader of a project file (package manifest, compiler config), or undefined when no adapter
 * reads it. `byName` is false for a file only its text can settle (ProjectFileTraits.mayMatch).
 */
export function projectFileReader(path: string): { reader: ProjectFileTraits; byName: boolean } | undefined {
  const reader = projectReaders.find((r) => r.matches(path));
  if (reader) return { reader, byName: true };
  const byText = projectReaders.find((r) => r.mayMatch?.(path) === true);
  return byText && { reader: byText, byName: false };
}
