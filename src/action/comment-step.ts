import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readState } from './action-state.js';
import { readGitHubContext } from './github-context.js';
import { pageLink } from './page-link.js';
import { GitHubApiError, upsertComment } from './upsert-comment.js';
import { annotation, writeOutputs } from './workflow-commands.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Step 3: keeps the pull request's ratlas comment up to date. A comment that cannot be written
 * (a pull request from a fork gets a read-only token; a workflow without `pull-requests: write`)
 * is a warning, never a failed job: the selection and the job summary stand without it.
 */
export async function commentStep(env: Env, log: (text: string) => void, fetchImpl: typeof fetch = fetch): Promise<number> {
  const state = readState(env['RATLAS_STATE']);
  const context = readGitHubContext(env);
  const target = state.pullRequest;
  const token = env['INPUT_GITHUB_TOKEN'] ?? '';
  if (!target) return 0;
  if (token === '') {
    log(annotation('warning', 'No token to comment with: pass github-token (the default is the workflow token).', { title: 'ratlas: no comment' }));
    return 0;
  }
  const page = env['RATLAS_PAGE_URL'] ?? '';
  const artifact = env['RATLAS_PAGE_ARTIFACT'] ?? 'ratlas-impact';
  const markdown = readFileSync(join(state.dir, 'comment.md'), 'utf8');
  const body = page.startsWith('https://') ? `${markdown.trimEnd()}\n\n${pageLink(page, artifact)}\n` : markdown;
  try {
    const result = await upsertComment({ apiUrl: context.apiUrl, token, owner: target.owner, repo: target.repo, number: target.number }, body, fetchImpl);
    log(`Comment ${result.action}: ${result.url || `#${result.id}`}\n`);
    writeOutputs(context.outputFile, { 'comment-url': result.url, 'comment-id': String(result.id) });
  } catch (error) {
    const denied = error instanceof GitHubApiError && (error.status === 403 || error.status === 404);
    const hint = denied
      ? ' The token may not write to this pull request: give the job `permissions: pull-requests: write`; a pull request from a fork gets a read-only token.'
      : '';
    log(annotation('warning', `Could not update the pull request comment: ${(error as Error).message}.${hint}`, { title: 'ratlas: no comment' }));
  }
  return 0;
}
