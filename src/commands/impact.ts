import { Args, Flags } from '@oclif/core';
import { writeFileSync } from 'node:fs';
import { analyzeChange, repoPathOf, type AnalyzeChangeOptions } from '../pipeline/analyze-change.js';
import type { ImpactReport } from '../model/impact.js';
import { renderExplain } from '../report/impact-explain.js';
import { renderImpactLines } from '../report/impact-lines.js';
import { renderImpactMarkdown } from '../report/impact-markdown.js';
import { RUNNERS, renderRunnerCommand } from '../report/impact-runner.js';
import { renderImpactText } from '../report/impact-text.js';
import { renderImpactPage } from '../report/render-impact-page.js';
import { assertOutputValid } from '../schema/validate.js';
import { RatlasError } from '../util/errors.js';
import { escapeInvisible, escapeInvisibleDeep } from '../util/untrusted-text.js';
import { BaseCommand, commonFlags, formatFlag, terminalWidth, useColor } from '../cli/base-command.js';
import { progressReporter } from '../cli/progress.js';

export default class Impact extends BaseCommand {
  static override description = `What a change touches: changed symbols, their blast radius, and the tests to run.
Compares a git range (--diff A...B, A..B or A), the staging area (--staged) or the working tree (--working-tree, the default) with the index of the base commit. With TARGET (a file, path#qualname or a symbol name) instead, shows what depends on that code now.
Exit codes: 0 done (whatever was found), 2 bad input (range, ref, flag, config), 3 internal error.`;
  static override examples = [
    '<%= config.bin %> impact --diff origin/main...HEAD --format json',
    '<%= config.bin %> impact --diff origin/main --format lines | xargs npx vitest run',
    '<%= config.bin %> impact --staged --runner vitest',
    '<%= config.bin %> impact --diff main...HEAD --explain tests/cart.test.ts',
    '<%= config.bin %> impact src/cart.ts#Cart.total --format markdown',
    '<%= config.bin %> impact --diff origin/main --format html --output impact.html',
  ];
  static override args = {
    target: Args.string({ description: 'A file, path#qualname or symbol name: show what depends on it (instead of a diff).', required: false }),
  };
  static override flags = {
    ...commonFlags,
    diff: Flags.string({ description: 'Git range: A...B (changes on B since the merge-base), A..B, or A (= A...HEAD).', exclusive: ['staged', 'working-tree'] }),
    staged: Flags.boolean({ description: 'Compare the staging area with HEAD.', default: false, exclusive: ['diff', 'working-tree'] }),
    'working-tree': Flags.boolean({ description: 'Compare the working tree (untracked files included) with HEAD. The default.', default: false, exclusive: ['diff', 'staged'] }),
    format: formatFlag(['text', 'json', 'markdown', 'lines', 'html'] as const, 'text'),
    null: Flags.boolean({ char: 'z', description: 'With --format lines, end each test file with NUL instead of a newline (for xargs -0).', default: false }),
    output: Flags.string({ char: 'o', description: 'Write the report to this file instead of stdout (--format html: one self-contained page).' }),
    runner: Flags.option({
      options: RUNNERS,
      description: 'Print the command that runs the selected tests with this runner, instead of the report (auto: the runner whose configuration finds the tests; a runner that can run single test cases gets their ids when a change reaches only those).',
    })(),
    depth: Flags.integer({ description: 'Report impacted symbols at most this many hops away (default: impact.depth in ratlas.config.json, 3). Test selection always uses the full closure.', min: 1 }),
    'min-confidence': Flags.string({ description: 'Report impacted symbols whose path confidence is at least this (0..1). Test selection is not affected.' }),
    all: Flags.boolean({ description: 'Text format: print every changed symbol, impacted symbol and test, not the top of each list.', default: false }),
    explain: Flags.string({ description: 'Explain why this test file is or is not selected (the path from a change to it).' }),
    deepen: Flags.boolean({ description: 'In a shallow clone without the merge-base, fetch more history (git fetch --deepen) until it is there.', default: false }),
    jobs: Flags.integer({ char: 'j', description: 'Parse with this many worker threads when an index must be built.', min: 1 }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Impact);
    const machine = flags.format === 'json' || flags.format === 'lines' || flags.runner !== undefined || (flags.format === 'html' && flags.output === undefined);
    const progress = progressReporter(!flags.quiet && !machine);
    const options: AnalyzeChangeOptions = { cwd: flags.repo ?? process.cwd() };
    if (args.target !== undefined) options.target = args.target;
    else if (flags.diff !== undefined) options.change = { kind: 'diff', spec: flags.diff };
    else options.change = { kind: flags.staged ? 'staged' : 'worktree' };
    if (flags.depth !== undefined) options.depth = flags.depth;
    if (flags['min-confidence'] !== undefined) options.minConfidence = confidenceFlag(flags['min-confidence']);
    if (flags['cache-dir'] !== undefined) options.cacheDir = flags['cache-dir'];
    if (flags.jobs !== undefined) options.jobs = flags.jobs;
    if (flags.deepen) options.deepen = true;
    if (progress.onProgress) options.onProgress = progress.onProgress;
    try {
      const report = await analyzeChange(options);
      progress.stop();
      // The contract holds for every format: a report that breaks it is a bug, never printed.
      assertOutputValid('impact-report', report);
      const text = await this.render(report, flags, options.cwd);
      // Lines are written exactly as rendered: with --null they end in NUL, not a newline.
      const exact = flags.format === 'lines' && flags.runner === undefined && flags.explain === undefined;
      if (flags.output !== undefined) writeOutput(flags.output, text, exact);
      else await this.emit(text, exact);
    } finally {
      progress.stop();
    }
  }

  private async render(report: ImpactReport, flags: ImpactFlags, cwd: string): Promise<string> {
    if (flags.explain !== undefined) return renderExplain(escapeInvisibleDeep(report), escapeInvisible(await repoPathOf(cwd, flags.explain)));
    if (flags.runner !== undefined) return renderRunnerCommand(report, flags.runner);
    if (flags.format === 'json') return JSON.stringify(report, null, 2);
    if (flags.format === 'markdown') return renderImpactMarkdown(report);
    if (flags.format === 'lines') return renderImpactLines(report, { nul: flags.null });
    if (flags.format === 'html') return renderImpactPage(report);
    // --quiet asks for no progress; in the text a person reads it also means the summary alone.
    // Names come from the repository: no control character reaches the terminal raw.
    return renderImpactText(escapeInvisibleDeep(report), { color: useColor() && flags.output === undefined, width: terminalWidth(), all: flags.all, summaryOnly: flags.quiet });
  }
}

function writeOutput(file: string, text: string, exact: boolean): void {
  try {
    writeFileSync(file, exact || text.endsWith('\n') ? text : `${text}\n`);
  } catch (error) {
    throw new RatlasError('output-unwritable', `Cannot write --output ${file}: ${(error as Error).message}`, { hint: 'Pass a file in an existing, writable folder.', cause: error });
  }
}

type ImpactFlags = Awaited<ReturnType<Impact['parse']>>['flags'];

function confidenceFlag(text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new RatlasError('bad-flag', `--min-confidence ${text} is not a number between 0 and 1.`, { hint: 'Pass, for example, --min-confidence 0.5.' });
  }
  return value;
}
