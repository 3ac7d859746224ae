import { describe, expect, it } from 'vitest';
import { FOLDER_SEEDS, folderScores } from '../../src/graph/rank/folder-neighbours.js';

describe('folder signal', () => {
  it("gives a file the best relative score among the best files of its folder", () => {
    const ranked = [
      { path: 'src/parser/lexer.ts', score: 2 },
      { path: 'src/parser/tokens.ts', score: 1 },
      { path: 'README.ts', score: 0.5 },
      { path: 'src/parser/tests/lexer.test.ts', score: 0 },
      { path: 'src/printer/print.ts', score: 0 },
      { path: 'src/parser/ast.ts', score: 0 },
      { path: 'root.ts', score: 0 },
    ];
    const folder = folderScores(ranked);
    expect(folder.get('src/parser/ast.ts')).toBe(1);
    expect(folder.get('src/parser/tokens.ts')).toBe(1);
    expect(folder.get('root.ts')).toBe(0.25); // the root is a folder too
    // Another folder, even a subfolder of the best file's, gets nothing.
    expect(folder.has('src/parser/tests/lexer.test.ts')).toBe(false);
    expect(folder.has('src/printer/print.ts')).toBe(false);
  });

  it('reads only the best FOLDER_SEEDS files, and nothing when no file scored', () => {
    const ranked = Array.from({ length: FOLDER_SEEDS + 2 }, (_, i) => ({ path: `f${String(i).padStart(2, '0')}/a.ts`, score: 100 - i }));
    ranked.push({ path: `f${String(FOLDER_SEEDS).padStart(2, '0')}/b.ts`, score: 0 });
    const folder = folderScores(ranked);
    expect(folder.has(`f${String(FOLDER_SEEDS - 1).padStart(2, '0')}/a.ts`)).toBe(true);
    expect(folder.has(`f${String(FOLDER_SEEDS).padStart(2, '0')}/b.ts`)).toBe(false);
    expect(folderScores([{ path: 'a/x.ts', score: 0 }, { path: 'a/y.ts', score: 0 }]).size).toBe(0);
  });
});
