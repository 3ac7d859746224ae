/** Component files whose code lives in `<script>` blocks (Astro's in its `---` frontmatter too). */
export const EMBEDDED_SCRIPT_FILE = /\.(vue|svelte|astro)$/;

const SCRIPT_BLOCK = /<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi;
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;
const SPECIFIER = /\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"\n]+)\1|\bimport\s*(['"])([^'"\n]+)\3|\b(?:import|require)\s*\(\s*(['"])([^'"\n]+)\5\s*\)/g;

/**
 * Pure: the module specifiers a component file's scripts import (`.vue`, `.svelte`, `.astro`),
 * in order of appearance; null for any other file. ratlas parses no such file, yet a test that
 * renders one runs every module its script imports: these are the floor's links through it.
 */
export function npmEmbeddedImports(path: string, text: string): string[] | null {
  if (!EMBEDDED_SCRIPT_FILE.test(path)) return null;
  const scripts = [...text.matchAll(SCRIPT_BLOCK)].map((m) => m[1]!);
  if (path.endsWith('.astro')) scripts.push(FRONTMATTER.exec(text)?.[1] ?? '');
  const out: string[] = [];
  for (const script of scripts) {
    for (const m of script.matchAll(SPECIFIER)) out.push(m[2] ?? m[4] ?? m[6]!);
  }
  return [...new Set(out)];
}
