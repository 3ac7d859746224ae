import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/pipeline/build-index.js';
import { indexStatus } from '../../src/pipeline/index-status.js';
import { runQuery } from '../../src/pipeline/run-query.js';
import { renderFileBlock } from '../../src/report/context-map.js';
import { renderIndexResult } from '../../src/report/index-result.js';
import { renderQueryText } from '../../src/report/query-text.js';
import { renderStatus } from '../../src/report/status-text.js';
import { gitRepo } from '../helpers/git-repo.js';
import { cacheDir } from '../helpers/temp-dir.js';

// ESC ] 0 ; ... BEL retitles a terminal, ESC [ 2 J clears it: a file name may hold both.
const ODD = 'src/\u001b]0;pwned\u0007\u001b[2Jtab\there.ts';
const SHOWN = 'src/\\u001b]0;pwned\\u0007\\u001b[2Jtab\\u0009here.ts';
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

describe('status, index and query text escape control characters from repository names', { timeout: 120_000 }, () => {
  it('a failed file with such a name appears escaped in every text report', async () => {
    // Over its parse budget, so that the name reaches the index warnings and the status problems.
    const cwd = gitRepo({
      'ratlas.config.json': JSON.stringify({ index: { parseTimeoutMs: 300 } }),
      [ODD]: `export const b = ${Array(20_000).fill('1').join(' +\n')};\n`,
      'src/oddly.ts': 'export function oddly() { return 1; }\n',
    });
    const options = { cwd, cacheDir: cacheDir(), jobs: 1 };
    const texts = [
      renderIndexResult(await buildIndex(options), { color: false }),
      renderStatus(await indexStatus(options), { color: false }),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(RAW_CONTROL);
      expect(text).toContain(SHOWN);
    }
  });

  it('query symbol and map text escape them too, and keep the map lines', async () => {
    const cwd = gitRepo({ [ODD]: 'export function odd() { return 1; }\n' });
    const options = { cwd, cacheDir: cacheDir(), jobs: 1 };
    const symbol = renderQueryText(await runQuery(options, { kind: 'symbol', query: 'odd', limit: 5 }, renderFileBlock));
    const map = renderQueryText(await runQuery(options, { kind: 'map', pathPrefix: '', budget: 500 }, renderFileBlock));
    expect(symbol).not.toMatch(RAW_CONTROL);
    expect(symbol).toContain(SHOWN);
    // A map block is the text MCP's get_context sends, cleaned of invisible characters there.
    expect(map).not.toMatch(RAW_CONTROL);
    expect(map.split('\n').length).toBeGreaterThan(2);
  });
});
