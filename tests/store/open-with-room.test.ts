import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/model/file.js';
import { OPEN_ROOM } from '../../src/store/open-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { extractFile } from '../lang/helpers/annotated-golden.js';

const record = (path: string, text: string): FileRecord => ({ path, language: 'typescript', status: 'ok', reason: null, hash: String(text.length), size: text.length, lines: 1, mtimeMs: null });

/** The bytes in a larger buffer whose spare end holds garbage, as gunzip's one output chunk does. */
function inRoomyBuffer(bytes: Uint8Array): Uint8Array {
  const buffer = Buffer.alloc(Math.ceil(bytes.byteLength * (1 + OPEN_ROOM)), 0xab);
  buffer.set(bytes);
  return buffer.subarray(0, bytes.byteLength);
}

describe('a database opened in a buffer with room to grow', () => {
  it('serializes to the bytes it was opened from, and grows into the room intact', async () => {
    const store = await SqliteStore.create();
    const text = 'export function a() { return 1; }\n';
    await store.putFile(record('src/a.ts', text), await extractFile('src/a.ts', text));
    const bytes = store.serialize();

    const opened = await SqliteStore.open(inRoomyBuffer(bytes), true);
    expect(Buffer.from(opened.serialize()).equals(Buffer.from(bytes))).toBe(true);

    // Written past its pages: the pages land in the room, and a reopened copy checks clean.
    for (let i = 0; i < 40; i++) {
      const more = `export function f${i}() { return ${'x'.repeat(200)}${i}; }\n`;
      await opened.putFile(record(`src/f${i}.ts`, more), await extractFile(`src/f${i}.ts`, more));
    }
    const grown = opened.serialize();
    expect(grown.byteLength).toBeGreaterThan(bytes.byteLength);
    const reopened = await SqliteStore.open(grown);
    expect(await reopened.integrityProblems()).toEqual([]);
    expect((await reopened.listFiles()).length).toBe(41);
  });

  it('touches nothing past the bytes unless the caller grants the room', async () => {
    const store = await SqliteStore.create();
    const bytes = store.serialize();
    const roomy = inRoomyBuffer(bytes);
    const opened = await SqliteStore.open(roomy);
    const text = 'export const b = 2;\n';
    await opened.putFile(record('src/b.ts', text), await extractFile('src/b.ts', text));
    const past = Buffer.from(roomy.buffer, roomy.byteOffset + roomy.byteLength);
    expect(past.every((byte) => byte === 0xab)).toBe(true);
  });
});
