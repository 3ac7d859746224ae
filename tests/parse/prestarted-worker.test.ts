import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// An impact analysis starts a parse worker before it knows what to parse (ParsePool.prestart): the
// next pool takes it, and a process that never parses exits as if it had none. Workers exist only
// in the build (from TypeScript sources a pool parses on its own thread), so this runs dist/.

const pool = fileURLToPath(new URL('../../dist/parse/pool.js', import.meta.url));

function run(script: string): { status: number | null; stdout: string; stderr: string; ms: number } {
  if (!existsSync(pool)) throw new Error('dist/ is missing: run `npm run build` before this test.');
  // A file, not `-e`: workers inherit the process's flags, and `--input-type` refuses a worker's script.
  const folder = mkdtempSync(join(tmpdir(), 'ratlas-prestart-'));
  try {
    const file = join(folder, 'run.mjs');
    writeFileSync(file, script);
    const started = performance.now();
    const r = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - started };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('a prestarted parse worker', { timeout: 120_000 }, () => {
  it('parses for the next pool', () => {
    const r = run(`
      const { ParsePool } = await import(${JSON.stringify(pool)});
      ParsePool.prestart();
      const pool = new ParsePool(1, true);
      const [outcome] = await pool.parse([{ path: 'a.ts', language: 'typescript', text: 'export function a() { return 1; }\\n', timeoutMs: 10_000 }]);
      await pool.close();
      console.log(JSON.stringify({ threaded: pool.threaded, ok: outcome.ok, symbols: outcome.extraction.symbols.map((s) => s.qualname) }));
    `);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ threaded: true, ok: true, symbols: expect.arrayContaining(['a']) });
  });

  it('keeps no process alive when nobody takes it', () => {
    const r = run(`
      const { ParsePool } = await import(${JSON.stringify(pool)});
      ParsePool.prestart();
      console.log('done');
    `);
    expect(r).toMatchObject({ status: 0, stdout: 'done\n', stderr: '' });
    // An idle worker holding the process open would run into spawnSync's timeout.
    expect(r.ms).toBeLessThan(30_000);
  });
});
