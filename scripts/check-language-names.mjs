#!/usr/bin/env node
// The language contract (src/lang/README.md): no code outside a language adapter (src/lang/<x>/)
// or an ecosystem adapter (src/ecosystem/<x>/) names a language. This scans the code of every
// other file under src/ (comments removed: prose may give examples) for language names, their file
// extensions and their toolchains' file names. Findings that predate the check are listed in
// scripts/language-names-baseline.json with their count per file; a file may only go down. When
// a count drops, the baseline must be lowered too (run with --update), so the ratchet only turns one way.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASELINE = join(ROOT, 'scripts/language-names-baseline.json');
const NAMES =
  /\b(?:typescript|javascript|ecmascript|python|pytest|tsx|jsx|tsconfig|jsconfig|pyproject|conftest|node_modules)\b|\.(?:d\.ts|ts|tsx|mts|cts|js|jsx|mjs|cjs|py|pyi)(?:['"`$)|]|\\b)/gi;
const ADAPTER = /^src\/(?:lang|ecosystem)\/[^/]+\//;
// The registries list the adapters, each once by its import: that is their job.
const REGISTRIES = new Set(['src/lang/registry.ts', 'src/ecosystem/registry.ts']);
// The schemas compiled to code (scripts/compile-schemas.ts): their names are the schemas' text, and
// schemas/ is the JSON contract, not code that could move behind an adapter.
const GENERATED = new Set(['src/schema/compiled-validators.ts']);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a source file without its comments and module specifiers (other strings are code). */
function code(text) {
  return text
    .replace(/\b(from\s*|import\s*\(\s*|new URL\(\s*)(['"])[^'"\n]*\2/g, '$1""')
    .replace(/("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\[\s\S]|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (all, string) => string ?? ' ');
}

const found = {};
for (const path of files(join(ROOT, 'src'))) {
  const rel = relative(ROOT, path).split('\\').join('/');
  if (ADAPTER.test(rel) || REGISTRIES.has(rel) || GENERATED.has(rel)) continue;
  const hits = code(readFileSync(path, 'utf8')).match(NAMES);
  if (hits) found[rel] = hits.length;
}

if (process.argv.includes('--update')) {
  writeFileSync(BASELINE, `${JSON.stringify(Object.fromEntries(Object.entries(found).sort()), null, 2)}\n`);
  console.log(`wrote ${relative(ROOT, BASELINE)}: ${Object.keys(found).length} files`);
  process.exit(0);
}
const baseline = JSON.parse(readFileSync(BASELINE, 'utf8'));
const problems = [];
for (const [file, count] of Object.entries(found)) {
  const allowed = baseline[file] ?? 0;
  if (count > allowed) problems.push(`${file}: names a language ${count} time(s), ${allowed} allowed. Move the fact into src/lang/<x>/ or src/ecosystem/<x>/ behind the adapter interface.`);
}
for (const [file, count] of Object.entries(baseline)) {
  if ((found[file] ?? 0) < count) problems.push(`${file}: now names a language ${found[file] ?? 0} time(s), baseline ${count}: lower it (node scripts/check-language-names.mjs --update).`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`language names: none outside the adapters beyond the baseline (${Object.keys(baseline).length} files left to move)`);
