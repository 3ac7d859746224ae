import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

// Two `Language.load` calls in flight in one thread fail with "bad export type for
// 'tree_sitter_tsx_external_scanner_create'" unless the loads are serialized.

const SAMPLES: Record<string, { path: string; text: string }> = {
  typescript: { path: 'a.ts', text: 'export function a(x: number): number { return x + 1; }\n' },
  tsx: { path: 'b.tsx', text: 'export const B = () => <div>{1}</div>;\n' },
  javascript: { path: 'c.js', text: 'export function c() { return 2; }\n' },
};

describe('grammar loads in one worker thread', () => {
  const workerScript = fileURLToPath(new URL('../../dist/parse/worker.js', import.meta.url));
  // Four workers each compile three grammars' queries: 20-25 s on this 2-core machine, 60 s and more
  // when it is shared at a load of 12; what is checked is that every load succeeds, not how fast.
  it('a worker takes interleaved warm-ups and batches of every language', { timeout: 240_000 }, async () => {
    if (!existsSync(workerScript)) throw new Error('dist/ is missing: run `npm run build` before this test.');
    for (let round = 0; round < 4; round++) {
      const worker = new Worker(workerScript);
      try {
        const replies = new Map<number, unknown>();
        const done = new Promise<void>((resolve, reject) => {
          worker.on('message', (message: { id: number }) => {
            replies.set(message.id, message);
            if (replies.size === 6) resolve();
          });
          worker.on('error', reject);
        });
        const languages = Object.keys(SAMPLES);
        // Warm one language and at once send batches of the others, as a pool does.
        worker.postMessage({ warm: languages[round % languages.length] });
        let id = 0;
        for (const language of [...languages, ...languages.reverse()]) {
          const sample = SAMPLES[language]!;
          worker.postMessage({ id: id++, jobs: [{ path: sample.path, language, text: sample.text, timeoutMs: 10_000 }] });
        }
        await done;
        for (const reply of replies.values()) {
          expect(reply).not.toHaveProperty('error');
          const outcomes = (reply as { outcomes: { ok: boolean }[] }).outcomes;
          expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
        }
      } finally {
        await worker.terminate();
      }
    }
  });
});
