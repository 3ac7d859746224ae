/**
 * Extraction throughput against parsing alone, warm, single thread:
 *
 *   npx tsx tests/lang/measure-throughput.ts "ls node_modules/typescript/lib/*.d.ts" [rounds]
 *
 * The first argument is a shell command that lists files. Times are CPU time (user + system) and the
 * best of `rounds`, because wall time on a shared machine measures the neighbours. Not a test: the
 * numbers depend on the machine; the ratio is what to compare.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Parser } from 'web-tree-sitter';
import { extract } from '../../src/lang/extract.js';
import { languageForPath } from '../../src/lang/registry.js';
import type { LoadedLanguage } from '../../src/lang/types.js';
import { loadLanguage } from '../../src/parse/load-language.js';

const list = process.argv[2] ?? 'ls node_modules/typescript/lib/*.d.ts';
const rounds = Number(process.argv[3] ?? 5);
const files = execSync(list, { encoding: 'utf8', maxBuffer: 1 << 26 })
  .trim()
  .split('\n')
  .filter((path) => languageForPath(path));
const inputs: { path: string; source: string; lang: LoadedLanguage; parser: Parser }[] = [];
const parsers = new Map<string, Parser>();
for (const path of files) {
  const lang = await loadLanguage(languageForPath(path)!);
  let parser = parsers.get(lang.definition.id);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(lang.language);
    parsers.set(lang.definition.id, parser);
  }
  inputs.push({ path, source: readFileSync(path, 'utf8'), lang, parser });
}
const lines = inputs.reduce((n, input) => n + input.source.split('\n').length, 0);

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
function best(run: () => void): number {
  run();
  let fastest = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = cpuMs();
    run();
    fastest = Math.min(fastest, cpuMs() - start);
  }
  return fastest;
}

const parseMs = best(() => {
  for (const input of inputs) input.parser.parse(input.source)!.delete();
});
const extractMs = best(() => {
  for (const input of inputs) extract(input.lang, input.path, input.source);
});
const languages = [...parsers.keys()].join(', ');
process.stdout.write(
  `${inputs.length} files, ${lines} lines (${languages})\n` +
    `parse only: ${parseMs.toFixed(0)} ms, ${(lines / parseMs).toFixed(1)} KLOC/s\n` +
    `extract:    ${extractMs.toFixed(0)} ms, ${(lines / extractMs).toFixed(1)} KLOC/s, ${(extractMs / parseMs).toFixed(2)}x parse only\n`,
);
