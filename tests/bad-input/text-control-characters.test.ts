import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runInProcess } from '../helpers/run-in-process.js';

const ODD = 'src/\u001b]0;pwned\u0007\u001b[2Jtab\there.ts';
const USES = "import { odd } from './src/\u001b]0;pwned\u0007\u001b[2Jtab\there';\ntest('odd', () => odd());\n";

// A file name can hold ESC and BEL: printed raw, it retitles or clears the reader's terminal.
describe('text output escapes control characters from repository names', { timeout: 240_000 }, () => {
  it('impact text and --explain print ESC, BEL and tab as visible escapes', async () => {
    const cwd = gitRepo({ [ODD]: 'export function odd() { return 1; }\n', 'odd.test.ts': USES });
    commit(cwd, 'change odd', { [ODD]: 'export function odd() { return 2; }\n' });
    for (const args of [[], ['--explain', 'odd.test.ts']]) {
      const result = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', ...args], { cwd });
      expect(result.code, args.join(' ')).toBe(0);
      expect(result.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
      expect(result.stdout).not.toContain('\t');
      expect(result.stdout).toContain('src/\\u001b]0;pwned\\u0007\\u001b[2Jtab\\u0009here.ts');
    }
  });
});
