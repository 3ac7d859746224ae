import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from '../../src/action/upsert-comment.js';
import { schemaErrors } from '../../src/schema/validate.js';
import { commit, git, gitRepo } from '../helpers/git-repo.js';
import { startGitHubApiStandIn } from './helpers/github-api-stand-in.js';
import { runAction, simulatedCache, type ActionRun } from './helpers/run-action.js';

const TOKEN = 'ghs_stand-in-token';
const PR = 7;

/**
 * The action end to end, as a pull_request workflow runs it: a checkout of the pull request's merge
 * commit at depth 1 (actions/checkout's default), the event payload GitHub writes, the action's own
 * steps from action.yml running the committed bundle, actions/cache simulated on a folder, and the
 * GitHub API stood in for on loopback. Two runs of one pull request: the first creates the comment
 * and saves the index; the second, after a new commit, restores it and updates the same comment.
 */
describe('action.yml on a pull request (shallow checkout, simulated runner)', () => {
  let api: Awaited<ReturnType<typeof startGitHubApiStandIn>>;
  let root: string;
  beforeAll(async () => {
    api = await startGitHubApiStandIn({ owner: 'acme', repo: 'shop', token: TOKEN });
    root = mkdtempSync(join(tmpdir(), 'ratlas-action-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('selects the tests, writes outputs, summary and annotations, and keeps one comment up to date', async () => {
    const origin = gitRepo({
      'package.json': '{ "name": "shop", "type": "module" }\n',
      'src/price.ts': 'export interface Item { cents: number }\n\nexport function price(item: Item): number {\n  return item.cents / 100;\n}\n',
      'src/cart.ts': "import { price, type Item } from './price.js';\n\nexport function total(items: Item[]): number {\n  return items.reduce((sum, item) => sum + price(item), 0);\n}\n",
      'src/shipping.ts': 'export function shipping(grams: number): number {\n  return grams > 1000 ? 9 : 5;\n}\n',
      'tests/price.test.ts': "import { price } from '../src/price.js';\nprice({ cents: 100 });\n",
      'tests/cart.test.ts': "import { total } from '../src/cart.js';\ntotal([]);\n",
      'tests/shipping.test.ts': "import { shipping } from '../src/shipping.js';\nshipping(10);\n",
    });
    // Older history than one round of deepening fetches: the clone must stay shallow.
    for (let i = 0; i < 120; i++) git(origin, 'commit', '--quiet', '--allow-empty', '-m', `older work ${i}`);
    git(origin, 'checkout', '--quiet', '-b', 'feature');
    const head1 = commit(origin, 'price takes a currency', {
      'src/price.ts': "export interface Item { cents: number }\n\nexport function price(item: Item, currency: string): number {\n  return currency === 'EUR' ? item.cents / 100 : item.cents / 110;\n}\n",
    });
    git(origin, 'checkout', '--quiet', 'main');
    const base = commit(origin, 'heavier parcels cost more', {
      'src/shipping.ts': 'export function shipping(grams: number): number {\n  return grams > 2000 ? 12 : 5;\n}\n',
    });
    // Someone without write access posts a comment that starts with the marker: never ours to edit.
    api.seed(PR, { body: `${COMMENT_MARKER}\nfake`, user: { login: 'mallory', type: 'User' }, author_association: 'NONE' });

    const cache = simulatedCache(join(root, 'actions-cache'));
    const uploads = simulatedUploads();
    const first = await runPullRequest(root, 'run1', origin, { base, head: head1 }, api.url, cache, uploads);
    const failed = first.steps.filter((s) => s.code !== 0);
    expect(failed.map((s) => `${s.id}: ${s.stdout}\n${s.stderr}`)).toEqual([]);

    // Outputs: the tests to run, relative to the working directory.
    expect(first.outputs['tests']).toBe('tests/cart.test.ts tests/price.test.ts');
    expect(first.outputs['run-all']).toBe('false');
    expect(first.outputs['reasons']).toBe('[]');
    expect(first.outputs['selected-count']).toBe('2');
    expect(first.outputs['total-count']).toBe('3');
    expect(first.outputs['command']).toBe('npx vitest run tests/cart.test.ts tests/price.test.ts');
    expect(readFileSync(first.outputs['tests-file']!, 'utf8')).toBe('tests/cart.test.ts\ntests/price.test.ts\n');
    expect(first.outputs['base']).toBe(base);
    const report = JSON.parse(readFileSync(first.outputs['report']!, 'utf8'));
    expect(schemaErrors('impact-report', report)).toEqual([]);
    expect(report.range.mergeBase).toBe(base);

    // The shallow checkout lacked the base: it was fetched, then the history deepened to the merge-base.
    const prepare = first.steps.find((s) => s.id === 'prepare')!;
    expect(prepare.stdout).toContain(`Fetched ${base} (${base.slice(0, 12)}): the checkout did not have it.`);
    expect(prepare.stdout).toContain('Fetched 100 more commits of history to reach the merge-base.');
    expect(git(join(root, 'run1'), 'rev-parse', '--is-shallow-repository').trim()).toBe('true');

    // The job summary and the annotation on the re-signed symbol whose caller may need an edit.
    const summary = readFileSync(join(root, 'run1-summary.md'), 'utf8');
    expect(summary).toContain('### ratlas impact');
    expect(summary).toContain('**2 of 3 tests** to run');
    expect(summary).toContain('```mermaid');
    expect(first.annotations).toEqual([
      {
        kind: 'warning',
        properties: { file: 'src/price.ts', line: '3', endLine: '5', title: 'price changed its signature: 2 dependents may need an edit' },
        message: 'src/cart.ts: total (calls)\ntests/price.test.ts: (top level) (calls)',
      },
    ]);

    // The comment: created once, found again by its marker, never the stranger's.
    const created = api.requests.filter((r) => r.method !== 'GET');
    expect(created.map((r) => [r.method, r.path])).toEqual([['POST', `/repos/acme/shop/issues/${PR}/comments`]]);
    expect(api.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const ours = () => api.comments.get(PR)!.filter((c) => c.user.type === 'Bot');
    expect(ours()).toHaveLength(1);
    const body1 = ours()[0]!.body;
    expect(body1.startsWith(`${COMMENT_MARKER}\n### ratlas impact\n`)).toBe(true);
    expect(body1).toContain('**1 changed symbol** in 1 file · **4 impacted** · **2 of 3 tests** to run');
    expect(body1).toContain('<summary>Blast radius graph</summary>');
    expect(first.outputs['comment-url']).toBe(ours()[0]!.html_url);

    // The blast-radius page: uploaded as an artifact, linked from the comment and the job summary.
    expect(uploads.uploaded.map((u) => u.name)).toEqual(['ratlas-impact']);
    expect(uploads.uploaded[0]!.html).toMatch(/^<!doctype html>/);
    expect(uploads.uploaded[0]!.html).toContain('tests/cart.test.ts');
    expect(first.outputs['html-url']).toBe('https://github.com/acme/shop/actions/runs/4242/artifacts/1');
    expect(body1).toContain('**[Blast-radius page](https://github.com/acme/shop/actions/runs/4242/artifacts/1)**');
    expect(summary).toContain('**[Blast-radius page](https://github.com/acme/shop/actions/runs/4242)**');

    // The cache: saved under the merge-base's key, holding that one index.
    expect(cache.saves).toEqual([`ratlas-index-v1-Linux-0.1.0-${base}`]);

    // A second push to the pull request: the index comes back from the cache, the comment is edited.
    git(origin, 'checkout', '--quiet', 'feature');
    const head2 = commit(origin, 'test a heavier parcel', {
      'tests/shipping.test.ts': "import { shipping } from '../src/shipping.js';\nshipping(3000);\n",
    });
    git(origin, 'checkout', '--quiet', 'main');
    api.requests.length = 0;
    const second = await runPullRequest(root, 'run2', origin, { base, head: head2 }, api.url, cache);
    expect(second.steps.filter((s) => s.code !== 0)).toEqual([]);
    expect(second.steps.find((s) => s.id === 'restore')!.outputs['cache-hit']).toBe('true');
    expect(second.steps.find((s) => s.id === 'save')!.skipped).toBe(true);
    expect(cache.saves).toHaveLength(1);
    expect(second.outputs['tests']).toBe('tests/cart.test.ts tests/price.test.ts tests/shipping.test.ts');
    expect(second.outputs['selected-count']).toBe('3');
    expect(api.requests.map((r) => r.method)).toEqual(['GET', 'PATCH']);
    expect(api.requests[1]!.path).toBe(`/repos/acme/shop/issues/comments/${ours()[0]!.id}`);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]!.body).not.toBe(body1);
    expect(ours()[0]!.body).toContain('**2 changed symbols** in 2 files');
    expect(api.comments.get(PR)!.find((c) => c.user.login === 'mallory')!.body).toBe(`${COMMENT_MARKER}\nfake`);
  }, 180_000);
});

/** A checkout like actions/checkout's on pull_request: the merge commit, fetched at depth 1. */
async function runPullRequest(
  root: string,
  name: string,
  origin: string,
  pr: { base: string; head: string },
  apiUrl: string,
  cache: ReturnType<typeof simulatedCache>,
  uploads = simulatedUploads(),
): Promise<ActionRun> {
  git(origin, 'checkout', '--quiet', '--detach', pr.base);
  git(origin, 'merge', '--quiet', '--no-ff', '-m', `Merge ${pr.head} into ${pr.base}`, pr.head);
  git(origin, 'update-ref', `refs/pull/${PR}/merge`, 'HEAD');
  git(origin, 'checkout', '--quiet', 'main');

  const workspace = join(root, name);
  mkdirSync(workspace);
  git(workspace, 'init', '--quiet');
  git(workspace, 'remote', 'add', 'origin', `file://${origin}`);
  git(workspace, 'fetch', '--quiet', '--no-tags', '--depth=1', 'origin', `+refs/pull/${PR}/merge:refs/remotes/pull/${PR}/merge`);
  git(workspace, 'checkout', '--quiet', '--detach', `refs/remotes/pull/${PR}/merge`);

  const event = join(root, `${name}-event.json`);
  writeFileSync(event, JSON.stringify({ action: 'synchronize', number: PR, pull_request: { number: PR, base: { ref: 'main', sha: pr.base }, head: { ref: 'feature', sha: pr.head } } }));
  const summary = join(root, `${name}-summary.md`);
  writeFileSync(summary, '');
  const runnerTemp = join(root, `${name}-runner-temp`);
  mkdirSync(runnerTemp);
  return runAction({
    with: { runner: 'vitest' },
    github: { token: TOKEN },
    env: {
      PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`,
      HOME: process.env['HOME'] ?? root,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: workspace,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_API_URL: apiUrl,
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_OS: 'Linux',
      RUNNER_TEMP: runnerTemp,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '4242',
    },
    uses: { 'actions/cache/restore@v4': cache.restore, 'actions/cache/save@v4': cache.save, 'actions/upload-artifact@v4': uploads.upload },
    scratch: runnerTemp,
  });
}

/** actions/upload-artifact: keeps what was uploaded and answers with an artifact URL as GitHub's does. */
function simulatedUploads() {
  const uploaded: { name: string; html: string }[] = [];
  return {
    uploaded,
    upload: (w: Record<string, string>) => {
      uploaded.push({ name: w['name']!, html: readFileSync(w['path']!, 'utf8') });
      return { 'artifact-id': String(uploaded.length), 'artifact-url': `https://github.com/acme/shop/actions/runs/4242/artifacts/${uploaded.length}` };
    },
  };
}
