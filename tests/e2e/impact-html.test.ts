/// <reference lib="dom" />
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { browserTestsRun, launchBrowser } from '../helpers/browser.js';
import { runCli } from '../helpers/run-cli.js';

const BUILD = fileURLToPath(new URL('../../build/', import.meta.url));
const INJECTED = '<img src=x onerror=window.pwned=1>';

/**
 * price changes; total calls it (tests/cart.test.ts reaches it), a module whose file name is markup
 * calls it too, and loose() calls `.price` on an object of unknown type (a weak name match that
 * tests/loose.test.ts reaches). tests/other.test.ts reaches nothing.
 */
const REPO = {
  'src/store.ts': 'export function price(x: number) { return x * 100; }\nexport function unused() { return 0; }\n',
  'src/cart.ts': "import { price } from './store';\nexport function total(items: number[]) { return items.map(price).reduce((a, b) => a + b, 0); }\n",
  [`src/${INJECTED}.ts`]: "import { price } from './store';\nexport function injected(x: number) { return price(x); }\n",
  'src/loose.ts': 'export function loose(o: any) { return o.price(2); }\n',
  'tests/cart.test.ts': "import { total } from '../src/cart';\ntest('total', () => { expect(total([1])).toBe(100); });\n",
  'tests/loose.test.ts': "import { loose } from '../src/loose';\ntest('loose', () => { expect(loose({ price: () => 1 })).toBe(1); });\n",
  'tests/other.test.ts': "test('other', () => { expect(1).toBe(1); });\n",
};

interface Drawn {
  nodes: string[];
  edges: string[];
}

describe.runIf(browserTestsRun)('ratlas impact --format html in a real browser', { timeout: 240_000 }, () => {
  it('loads offline without errors, draws the blast radius, filters, shows a test path, escapes names', async () => {
    const cwd = gitRepo(REPO);
    commit(cwd, 'price', { 'src/store.ts': REPO['src/store.ts'].replace('x * 100', 'x * 100 + 0') });
    mkdirSync(BUILD, { recursive: true });
    const file = join(BUILD, 'impact-page.html');
    const run = await runCli(['impact', '--diff', 'HEAD~1...HEAD', '--format', 'html', '--output', file], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    const html = readFileSync(file, 'utf8');
    // The markup never holds the name as markup: only escaped, or as \u-escaped JSON.
    expect(html).not.toContain(INJECTED);
    expect(statSync(file).size).toBeLessThan(1_000_000);

    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      const problems: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warn') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${String(e)}`));
      page.on('request', (r) => requests.push(r.url()));
      const url = pathToFileURL(file).href;
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => 'ratlasPage' in window);

      expect(problems).toEqual([]);
      expect(requests).toEqual([url]);

      const drawn = await page.evaluate((): Drawn => {
        const cy = (window as unknown as { ratlasPage: { cy: import('cytoscape').Core } }).ratlasPage.cy;
        const name = (id: string) => cy.getElementById(id).data('label') as string;
        return {
          nodes: cy.nodes().map((n) => `${n.classes().join(' ')} ${n.data('label') as string}`).sort(),
          edges: cy.edges().map((e) => `${name(e.source().id())} -${e.data('relation') as string}-> ${name(e.target().id())}`).sort(),
        };
      });
      expect(drawn.nodes).toEqual([
        'changed price',
        `impacted ${INJECTED}.ts (top level)`,
        'impacted cart.ts (top level)',
        'impacted injected',
        'impacted loose',
        // The import floor: tests/loose.test.ts never loads src/store.ts, so the weak name match
        // draws it as an impacted module, not as a selected test.
        'impacted loose.test.ts (top level)',
        'impacted total',
        'test tests/cart.test.ts',
      ]);
      expect(drawn.edges).toEqual([
        `price -calls-> injected`,
        `price -imports-> ${INJECTED}.ts (top level)`,
        'price -imports-> cart.ts (top level)',
        'price -name-match-> loose',
        'price -references-> total',
        'loose -calls-> loose.test.ts (top level)',
        'total -calls-> tests/cart.test.ts',
      ].sort());

      // The injected name is text on the page, never an element.
      expect(await page.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await page.$eval('#table tbody', (t) => t.textContent ?? '')).toContain(`src/${INJECTED}.ts`);

      // Confidence 0.5 and up: the weak name match and the test it reaches are hidden, the rest stay.
      await page.$eval('#min-confidence', (input) => {
        (input as HTMLInputElement).value = '0.5';
        input.dispatchEvent(new Event('input'));
      });
      const hidden = await page.evaluate(() => {
        const cy = (window as unknown as { ratlasPage: { cy: import('cytoscape').Core } }).ratlasPage.cy;
        return cy.nodes('.hidden').map((n) => n.data('label') as string).sort();
      });
      expect(hidden).toEqual(['loose', 'loose.test.ts (top level)']);
      const rowsShown = await page.$$eval('#table tbody tr', (rows) => rows.filter((r) => !(r as HTMLElement).hidden).length);
      expect(rowsShown).toBe(6);
      await page.$eval('#min-confidence', (input) => {
        (input as HTMLInputElement).value = '0';
        input.dispatchEvent(new Event('input'));
      });

      // A real click on the test's node shows its path from the change.
      const at = await page.evaluate(() => {
        const cy = (window as unknown as { ratlasPage: { cy: import('cytoscape').Core } }).ratlasPage.cy;
        const node = cy.nodes().filter((n) => n.data('label') === 'tests/cart.test.ts')[0]!;
        const box = (cy.container() as HTMLElement).getBoundingClientRect();
        return { x: box.left + node.renderedPosition().x, y: box.top + node.renderedPosition().y };
      });
      await page.mouse.click(at.x, at.y);
      const path = await page.$$eval('#path li', (items) => items.map((li) => li.textContent));
      expect(path).toEqual(['src/store.ts#price (body)', 'references → src/cart.ts#total', 'calls → tests/cart.test.ts']);
      expect(await page.$eval('#details-title', (h) => h.textContent)).toBe('tests/cart.test.ts');

      await page.screenshot({ path: join(BUILD, 'impact-page.png'), fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
