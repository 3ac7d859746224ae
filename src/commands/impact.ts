import { Args, Flags } from '@oclif/core';
import { writeFileSync } from 'node:fs';
import type { ImpactRequest } from '../pipeline/impact/analyze-impact.js';
import type { OpenOptions } from '../pipeline/impact/index-handle.js';
import type { ImpactReport } from '../model/impact.js';
import { RUNNERS, renderRunnerCommand } from '../report/impact-runner.js';
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
    target: Args.string({ description: 'A file, path#qualname or symbol name: show what depends on it (instead of a diff).', required: false, ignoreStdin: true }),
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
    const request: ImpactRequest = { cwd: flags.repo ?? process.cwd() };
    if (args.target !== undefined) request.target = { text: args.target };
    else if (flags.diff !== undefined) request.change = { kind: 'diff', spec: flags.diff };
    else request.change = { kind: flags.staged ? 'staged' : 'worktree' };
    if (flags.depth !== undefined) request.depth = flags.depth;
    if (flags['min-confidence'] !== undefined) request.minConfidence = confidenceFlag(flags['min-confidence']);
    if (flags.jobs !== undefined) request.jobs = flags.jobs;
    if (flags.deepen) request.deepen = true;
    const open: OpenOptions = { cwd: request.cwd };
    if (flags['cache-dir'] !== undefined) open.cacheDir = flags['cache-dir'];
    if (flags.jobs !== undefined) open.jobs = flags.jobs;
    if (flags.deepen) open.deepen = true;
    if (progress.onProgress) open.onProgress = progress.onProgress;
    try {
      // Loaded here, not at the top: the pipeline is most of the CLI's code (see scripts/bundle-cli.js).
      const [{ analyzeImpact }, { artifactIndexes }] = await Promise.all([import('../pipeline/impact/analyze-impact.js'), import('../pipeline/impact/index-handle.js')]);
      const { report } = await analyzeImpact(request, artifactIndexes(open));
      progress.stop();
      const { assertOutputValid } = await import('../schema/validate.js');
      // The contract holds for every format: a report that breaks it is a bug, never printed.
      assertOutputValid('impact-report', report);
      const text = await this.render(report, flags, request.cwd);
      // Lines are written exactly as rendered: with --null they end in NUL, not a newline.
      const exact = flags.format === 'lines' && flags.runner === undefined && flags.explain === undefined;
      if (flags.output !== undefined) writeOutput(flags.output, text, exact);
      else await this.emit(text, exact);
    } finally {
      progress.stop();
    }
  }

  private async render(report: ImpactReport, flags: ImpactFlags, cwd: string): Promise<string> {
    if (flags.explain !== undefined) {
      const [{ renderExplain }, { repoPathOf }] = await Promise.all([import('../report/impact-explain.js'), import('../pipeline/impact/analyze-impact.js')]);
      return renderExplain(escapeInvisibleDeep(report), escapeInvisible(await repoPathOf(cwd, flags.explain)));
    }
    if (flags.runner !== undefined) return renderRunnerCommand(report, flags.runner);
    if (flags.format === 'json') return JSON.stringify(report, null, 2);
    if (flags.format === 'markdown') return (await import('../report/impact-markdown.js')).renderImpactMarkdown(report);
    if (flags.format === 'lines') return (await import('../report/impact-lines.js')).renderImpactLines(report, { nul: flags.null });
    if (flags.format === 'html') return (await import('../report/render-impact-page.js')).renderImpactPage(report);
    // --quiet asks for no progress; in the text a person reads it also means the summary alone.
    // Names come from the repository: no control character reaches the terminal raw.
    const { renderImpactText } = await import('../report/impact-text.js');
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
