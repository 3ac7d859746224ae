// Parse-only floor: the files ratlas would parse, parsed by web-tree-sitter in N worker threads and
// nothing else (no queries, no hashing, no store). Wall time includes starting the workers and
// compiling the grammars, as a cold `ratlas index` does.
//   node bench/index-cold/parse-only.mjs REPO [WORKERS] [--by-language] [--queries]
// --by-language: files of the languages other than the largest go to the first worker only, so a
//   grammar is compiled by one worker instead of every worker (as ratlas batches files); without
//   it, files are dealt round robin and every worker compiles every grammar.
// --queries: also compile each language's queries (ratlas's own compile, dist/ must be built) and
//   run them over every tree, materializing the matches and nothing more: the floor of extraction
//   with tree-sitter queries, before any symbol, hash, store or resolution work.
// Prints the wall time and, per worker, the milliseconds spent compiling queries, parsing and matching.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dist = (path) => import(pathToFileURL(join(ROOT, 'dist', path)).href);
const { languageForPath } = await dist('lang/registry.js');

if (isMainThread) {
  const started = performance.now();
  const { values: opts, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'by-language': { type: 'boolean', default: false }, queries: { type: 'boolean', default: false } },
  });
  const [repo, workerArg] = positionals;
  const workers = Number(workerArg ?? 2);
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\0')
    .filter((p) => p && languageForPath(p) && !/[.-]min\.[cm]?js$/.test(p));
  const counts = new Map();
  for (const f of files) {
    const id = languageForPath(f).id;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const largest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const shards = Array.from({ length: workers }, () => []);
  let next = 0;
  for (const f of files) {
    if (opts['by-language'] && languageForPath(f).id !== largest) shards[0].push(f);
    else shards[next++ % workers].push(f);
  }
  const results = await Promise.all(
    shards.map((shard) => new Promise((resolve, reject) => {
      const w = new Worker(new URL(import.meta.url), { workerData: { repo, files: shard, queries: opts.queries } });
      w.on('message', resolve);
      w.on('error', reject);
    })),
  );
  const lines = results.reduce((n, r) => n + r.lines, 0);
  const ms = performance.now() - started;
  console.log(JSON.stringify({
    files: files.length,
    lines,
    ms: Math.round(ms),
    klocPerSecond: Math.round(lines / ms),
    workers: results.map(({ lines: _, ...times }) => times),
  }));
} else {
  const require = createRequire(import.meta.url);
  const { Parser, Language } = await import('web-tree-sitter');
  const { loadLanguage } = await dist('parse/load-language.js');
  await Parser.init();
  const parsers = {};
  const queries = {};
  const ms = { compileMs: 0, parseMs: 0, matchMs: 0 };
  const timed = (key, fn) => {
    const t = performance.now();
    const out = fn();
    ms[key] += performance.now() - t;
    return out;
  };
  let lines = 0;
  for (const file of workerData.files) {
    const definition = languageForPath(file);
    if (!parsers[definition.id]) {
      const parser = new Parser();
      if (workerData.queries) {
        // ratlas's own load: the grammar, then every query file of the adapter compiled as one query.
        const started = performance.now();
        const loaded = await loadLanguage(definition);
        ms.compileMs += performance.now() - started;
        parser.setLanguage(loaded.language);
        queries[definition.id] = loaded.query;
      } else {
        parser.setLanguage(await Language.load(readFileSync(require.resolve(`tree-sitter-wasms/out/${definition.grammar}`))));
      }
      parsers[definition.id] = parser;
    }
    let text;
    try { text = readFileSync(join(workerData.repo, file), 'utf8'); } catch { continue; }
    if (text.length > 1024 * 1024) continue;
    lines += text.split('\n').length;
    const tree = timed('parseMs', () => parsers[definition.id].parse(text));
    if (workerData.queries) timed('matchMs', () => queries[definition.id].matches(tree.rootNode));
    tree?.delete();
  }
  parentPort.postMessage({ lines, ...Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, Math.round(v)])) });
}
