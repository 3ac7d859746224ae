import { javascript, tsx, typescript } from './ecmascript/adapter.js';
import type { LanguageDefinition } from './types.js';

/** Every language ratlas parses. Add a language: a folder under src/lang and one entry here. */
export const LANGUAGES: readonly LanguageDefinition[] = [typescript, tsx, javascript];

const byExtension = new Map(LANGUAGES.flatMap((lang) => lang.extensions.map((ext) => [ext, lang] as const)));

/** The language of a path by its extension, or undefined when ratlas does not parse it. */
export function languageForPath(path: string): LanguageDefinition | undefined {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return undefined;
  return byExtension.get(path.slice(dot).toLowerCase());
}

export function languageById(id: string): LanguageDefinition | undefined {
  return LANGUAGES.find((lang) => lang.id === id);
}
