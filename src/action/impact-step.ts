import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ImpactReport } from '../model/impact.js';
import { renderImpactPage } from '../report/render-impact-page.js';
import { renderImpactMarkdown } from '../report/impact-markdown.js';
import { readState } from './action-state.js';
import { actionOutputValues, outputStrings } from './action-outputs.js';
import { editAnnotations } from './edit-annotations.js';
import { readGitHubContext } from './github-context.js';
import { pageLink } from './page-link.js';
import { runRatlas } from './run-ratlas.js';
import { COMMENT_MARKER } from './upsert-comment.js';
import { annotation, writeOutputs } from './workflow-commands.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The job summary may hold 1 MiB per step: room for longer tables than a comment. */
const SUMMARY_OPTIONS = { rows: 100, graphNodes: 40, maxChars: 900_000 } as const;

/**
 * Step 2: `ratlas impact` on the prepared range; then the outputs (the tests to run, relative to the
 * working directory), the job summary, annotations on symbols whose dependents may need an edit, and
 * the comment's body for the next step. Returns the exit code: ratlas's own when it failed.
 */
export async function impactStep(env: Env, log: (text: string) => void): Promise<number> {
  const state = readState(env['RATLAS_STATE']);
  const context = readGitHubContext(env);
  const reportPath = join(state.dir, 'impact.json');
  const args = ['impact', '--repo', state.workingDirectory, '--diff', `${state.base}...${state.head}`, '--format', 'json', '--cache-dir', state.cache.dir, '--deepen'];
  if (state.inputs.minConfidence !== null) args.push('--min-confidence', state.inputs.minConfidence);
  const run = await runRatlas(args, { stdoutFile: reportPath, log });
  if (run.code !== 0) {
    const message = run.stderrTail.split('\n').filter((l) => l.trim() !== '').slice(-2).join('\n') || `ratlas exited with code ${run.code}`;
    log(annotation('error', message, { title: 'ratlas impact failed' }));
    return run.code;
  }
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as ImpactReport;

  const directory = relative(state.repoRoot, state.workingDirectory).split(sep).join('/');
  const values = actionOutputValues(report, { directory, runner: state.inputs.runner });
  const testsFile = join(state.dir, 'tests.txt');
  writeFileSync(testsFile, values.tests.map((t) => `${t}\n`).join(''));
  const markdown = renderImpactMarkdown(report);
  const markdownFile = join(state.dir, 'impact.md');
  writeFileSync(markdownFile, markdown);
  writeFileSync(join(state.dir, 'comment.md'), `${COMMENT_MARKER}\n${markdown}`);
  // The page: the next step uploads it as an artifact, the comment links it.
  const artifact = env['RATLAS_PAGE_ARTIFACT'] ?? '';
  const htmlFile = artifact === '' ? '' : join(state.dir, 'ratlas-impact.html');
  if (htmlFile !== '') writeFileSync(htmlFile, renderImpactPage(report));

  if (state.inputs.summary && context.summaryFile) {
    const runUrl = env['GITHUB_SERVER_URL'] && env['GITHUB_REPOSITORY'] && env['GITHUB_RUN_ID'] ? `${env['GITHUB_SERVER_URL']}/${env['GITHUB_REPOSITORY']}/actions/runs/${env['GITHUB_RUN_ID']}` : null;
    appendFileSync(context.summaryFile, `${renderImpactMarkdown(report, SUMMARY_OPTIONS)}\n${htmlFile !== '' && runUrl ? `${pageLink(runUrl, artifact)}\n` : ''}`);
  }
  if (state.inputs.annotations) for (const line of editAnnotations(report)) log(line);

  if (values.runAll) log(`Every test must run: ${values.reasons.map((r) => r.code).join(', ')}.\n`);
  else log(`${values.tests.length} of ${values.total} test files to run.\n`);
  if (values.outside > 0) log(`${values.outside} selected test files lie outside ${directory}/ and are not listed.\n`);
  writeOutputs(context.outputFile, outputStrings(values, { report: reportPath, testsFile, markdown: markdownFile, html: htmlFile }));
  return 0;
}

