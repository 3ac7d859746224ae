import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImpactReport } from '../../src/model/impact.js';
import { renderImpactMarkdown } from '../../src/report/impact-markdown.js';
import { impactPageData } from '../../src/report/impact-page-data.js';
import { renderImpactText } from '../../src/report/impact-text.js';
import { commit, gitRepo } from '../helpers/git-repo.js';
import { runCli } from '../helpers/run-cli.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { expectGolden } from '../lang/helpers/expect-golden.js';
import { FANOUT_CHANGE, fanoutRepo } from '../report/text-fixtures.js';
import { impactJson } from './impact-helpers.js';

const GOLDENS = fileURLToPath(new URL('./goldens/', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/run.js', import.meta.url));
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/;

/** Commit ids differ from run to run (dates); everything else in the text is deterministic. */
function stable(text: string, report: ImpactReport): string {
  return text.replaceAll(report.range.base.slice(0, 12), '<base>').replaceAll((report.range.head ?? '').slice(0, 12), '<head>');
}

function widest(text: string): number {
  return Math.max(...text.split('\n').map((l) => [...l].length));
}

describe('ratlas impact text: summary first, fits the terminal', { timeout: 240_000 }, () => {
  it('renders the fan-out change in narrow and wide terminals, --all and --quiet, as the goldens say; colour only on a terminal; names cleaned', async () => {
    const cwd = gitRepo(fanoutRepo());
    commit(cwd, 'cents may skip rounding', FANOUT_CHANGE);
    const report = (await impactJson(cwd, ['--diff', 'HEAD~1...HEAD'])) as unknown as ImpactReport;
    const cases = [
      { name: 'fanout-80', options: { color: false, width: 80 } },
      { name: 'fanout-60', options: { color: false, width: 60 } },
      { name: 'fanout-160', options: { color: false, width: 160 } },
      { name: 'fanout-all-80', options: { color: false, width: 80, all: true } },
      { name: 'fanout-quiet', options: { color: false, width: 80, summaryOnly: true } },
    ];
    for (const { name, options } of cases) {
      const text = renderImpactText(report, options);
      expect(widest(text), name).toBeLessThanOrEqual(options.width);
      expect(text).not.toMatch(ANSI);
      expectGolden(stable(text, report), `${GOLDENS}${name}.txt`);
    }

    // The PR comment and the page say the same of the import floor as the text's summary.
    const floor = '4 test files import a changed file; 1 of them proven unaffected';
    expect(renderImpactMarkdown(report)).toContain(`floor: ${floor}`);
    expect(impactPageData(report).summary).toContain(`floor: ${floor}`);

    // The command prints the same text: COLUMNS sets the width of a pipe; NO_COLOR (run-cli sets it) no colour.
    const cli = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD'], { cwd, env: { COLUMNS: '60' } });
    expect(cli.code).toBe(0);
    expect(stable(cli.stdout, report)).toBe(stable(renderImpactText(report, { color: false, width: 60 }), report));
    const all = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--all'], { cwd });
    expect(stable(all.stdout, report)).toBe(stable(renderImpactText(report, { color: false, width: 80, all: true }), report));
    const quiet = await runInProcess(['impact', '--diff', 'HEAD~1...HEAD', '--quiet'], { cwd });
    expect(quiet.stdout.trimEnd().split('\n')).toHaveLength(6);

    // A run-all report leads with the reasons.
    const runAll: ImpactReport = {
      ...report,
      tests: { ...report.tests, runAll: true, reasons: [{ code: 'runner-config-changed', message: 'vitest.config.ts changed: every test may run differently.', file: 'vitest.config.ts' }], all: ['tests/euros.test.ts', ...report.tests.selected.map((t) => t.file)] },
    };
    expectGolden(stable(renderImpactText(runAll, { color: false, width: 80 }), report), `${GOLDENS}fanout-run-all-80.txt`);

    // util-linux `script` gives the CLI a real pseudo-terminal of 100 columns.
    const inTerminal = (env: Record<string, string>) =>
      execFileSync('script', ['-qec', `stty cols 100; "${process.execPath}" "${BIN}" impact --diff HEAD~1...HEAD`, '/dev/null'], {
        cwd,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', TERM: 'xterm', ...env },
      });
    const coloured = inTerminal({});
    expect(coloured).toMatch(ANSI);
    const plain = coloured.replace(new RegExp(ANSI.source, 'g'), '').replace(/\r\n/g, '\n');
    expect(stable(plain, report)).toBe(stable(renderImpactText(report, { color: false, width: 100 }), report));
    expect(inTerminal({ NO_COLOR: '1' })).not.toMatch(ANSI);
    const piped = await runCli(['impact', '--diff', 'HEAD~1...HEAD'], { cwd, env: { NO_COLOR: '' } });
    expect(piped.stdout).not.toMatch(ANSI);
    expect(widest(piped.stdout)).toBeLessThanOrEqual(80);

    // Names are untrusted: control, bidi and zero-width characters never reach the terminal.
    const hostile = '\u001b[2J\u001b]0;owned\u0007evil\u202ename\u200b';
    const tampered: ImpactReport = {
      ...report,
      changes: report.changes.map((f) => ({ ...f, file: `${f.file}${hostile}`, symbols: f.symbols.map((s) => ({ ...s, qualname: `${s.qualname}${hostile}` })) })),
      impacted: report.impacted.map((i) => ({ ...i, qualname: `${i.qualname}${hostile}`, via: i.via.map((h) => ({ ...h, qualname: `${h.qualname}${hostile}` })) })),
      tests: { ...report.tests, selected: report.tests.selected.map((t) => ({ ...t, file: `${t.file}${hostile}` })) },
    };
    const text = renderImpactText(tampered, { color: false, width: 200, all: true });
    expect(text).toContain('evilname');
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b\u202e]/);
  });
});
