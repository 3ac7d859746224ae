// Opens an impact page (ratlas impact --format html --output FILE) in the system's headless
// Chromium five times and prints its size and the median time until the page is ready (the graph
// drawn, the table filled: window.ratlasPage is set last). Usage:
//   node bench/html-page/open-time.mjs FILE [RUNS]
// The one timing issue 23 asks for; report it with the load average it prints.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { launch } from 'puppeteer-core';

const file = process.argv[2];
const runs = Number(process.argv[3] ?? 5);
if (!file) throw new Error('usage: node bench/html-page/open-time.mjs FILE [RUNS]');
const executablePath = process.env.RATLAS_CHROMIUM ?? '/usr/bin/chromium';
const browser = await launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
/** CPU seconds (user + system) of the browser and every process under it, from /proc (Linux). */
function cpuSeconds(root) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while we read.
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = stats.get(p)?.ppid ?? 0) if (p === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, s] of stats) if (inTree(pid)) ticks += s.ticks;
  return ticks / 100;
}
const cpu = [];
const times = [];
const tasks = [];
try {
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const cpuBefore = cpuSeconds(browser.process().pid);
    const start = performance.now();
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    await page.waitForFunction(() => 'ratlasPage' in window, { timeout: 60_000 });
    times.push(performance.now() - start);
    cpu.push((cpuSeconds(browser.process().pid) - cpuBefore) * 1000);
    // Main-thread CPU time of the page (parse, script, style, layout, paint): less bent by a loaded machine than wall time.
    tasks.push((await page.metrics()).TaskDuration * 1000);
    const counts = await page.evaluate(() => ({ nodes: window.ratlasPage.cy.nodes().length, edges: window.ratlasPage.cy.edges().length, rows: document.querySelectorAll('#table tbody tr').length }));
    if (i === 0) console.log(JSON.stringify({ counts, errors }));
    await page.close();
  }
} finally {
  await browser.close();
}
const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
console.log(JSON.stringify({ file, bytes: statSync(file).size, wallMs: times.map(Math.round), medianWallMs: median(times), mainThreadMs: tasks.map(Math.round), medianMainThreadMs: median(tasks), cpuMs: cpu.map(Math.round), medianCpuMs: median(cpu), loadavg: loadavg().map((l) => l.toFixed(2)) }));
