// Parse-only floor: the files ratlas would parse, parsed by web-tree-sitter in N worker threads and
// nothing else (no queries, no hashing, no store). Wall time includes starting the workers and
// compiling the grammars, as a cold `ratlas index` does.
//   node bench/index-cold/parse-only.mjs REPO [WORKERS]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const GRAMMAR = { '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript', '.tsx': 'tsx', '.js': 'javascript', '.jsx': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript' };
const extOf = (p) => p.slice(p.lastIndexOf('.'));

if (isMainThread) {
  const started = performance.now();
  const repo = process.argv[2];
  const workers = Number(process.argv[3] ?? 2);
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\0')
    .filter((p) => p && GRAMMAR[extOf(p)] && !/[.-]min\.[cm]?js$/.test(p));
  const shards = Array.from({ length: workers }, () => []);
  files.forEach((f, i) => shards[i % workers].push(f));
  const results = await Promise.all(
    shards.map((shard) => new Promise((resolve, reject) => {
      const w = new Worker(new URL(import.meta.url), { workerData: { repo, files: shard } });
      w.on('message', resolve);
      w.on('error', reject);
    })),
  );
  const lines = results.reduce((n, r) => n + r.lines, 0);
  const ms = performance.now() - started;
  console.log(JSON.stringify({ files: files.length, lines, ms: Math.round(ms), klocPerSecond: Math.round(lines / ms) }));
} else {
  const require = createRequire(import.meta.url);
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const parsers = {};
  let lines = 0;
  for (const file of workerData.files) {
    const grammar = GRAMMAR[extOf(file)];
    if (!parsers[grammar]) {
      const parser = new Parser();
      parser.setLanguage(await Language.load(readFileSync(require.resolve(`tree-sitter-wasms/out/tree-sitter-${grammar}.wasm`))));
      parsers[grammar] = parser;
    }
    let text;
    try { text = readFileSync(join(workerData.repo, file), 'utf8'); } catch { continue; }
    if (text.length > 1024 * 1024) continue;
    lines += text.split('\n').length;
    parsers[grammar].parse(text)?.delete();
  }
  parentPort.postMessage({ lines });
}
