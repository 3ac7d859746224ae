import { describe, expect, it } from 'vitest';
import { renderFileBlock } from '../../src/report/context-map.js';

describe('a map line names why its file ranked, at the least cost', () => {
  it('writes no tag for a file the task\'s words alone ranked, and every tag otherwise', () => {
    const line = (tags: string[]) => renderFileBlock({ path: 'src/cart.ts', lines: 12, tags }, [], false);
    expect(line(['match'])).toBe('src/cart.ts (12 lines)');
    expect(line(['match', 'history'])).toBe('src/cart.ts (12 lines) [match, history]');
    expect(line(['graph'])).toBe('src/cart.ts (12 lines) [graph]');
    expect(line([])).toBe('src/cart.ts (12 lines)');
  });
});
