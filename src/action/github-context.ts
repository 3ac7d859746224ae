import { readFileSync } from 'node:fs';
import { RatlasError } from '../util/errors.js';

/** What a step knows about its run, from the environment GitHub Actions sets. */
export interface GitHubContext {
  eventName: string;
  workspace: string;
  /** `owner/name`, or null outside GitHub (a local run). */
  repository: { owner: string; name: string } | null;
  apiUrl: string;
  runnerOs: string;
  tempDir: string | null;
  outputFile: string | undefined;
  summaryFile: string | undefined;
  pullRequest: { number: number; baseSha: string; baseRef: string; headSha: string } | null;
  mergeGroup: { baseSha: string; headSha: string } | null;
  push: { before: string | null; defaultBranch: string | null } | null;
}

type Env = Readonly<Record<string, string | undefined>>;

const ZERO_SHA = /^0+$/;

/** Reads the context; the event payload (GITHUB_EVENT_PATH) is JSON GitHub wrote. */
export function readGitHubContext(env: Env = process.env): GitHubContext {
  const eventName = env['GITHUB_EVENT_NAME'] ?? '';
  const payload = readEvent(env['GITHUB_EVENT_PATH']);
  const [owner, name] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  const pr = object(payload['pull_request']);
  const group = object(payload['merge_group']);
  const repo = object(payload['repository']);
  return {
    eventName,
    workspace: env['GITHUB_WORKSPACE'] ?? process.cwd(),
    repository: owner && name ? { owner, name } : null,
    apiUrl: (env['GITHUB_API_URL'] ?? 'https://api.github.com').replace(/\/+$/, ''),
    runnerOs: env['RUNNER_OS'] ?? process.platform,
    tempDir: env['RUNNER_TEMP'] ?? null,
    outputFile: env['GITHUB_OUTPUT'],
    summaryFile: env['GITHUB_STEP_SUMMARY'],
    pullRequest:
      pr && typeof pr['number'] === 'number'
        ? {
            number: pr['number'],
            baseSha: string(object(pr['base'])?.['sha']),
            baseRef: string(object(pr['base'])?.['ref']),
            headSha: string(object(pr['head'])?.['sha']),
          }
        : null,
    mergeGroup: group ? { baseSha: string(group['base_sha']), headSha: string(group['head_sha']) } : null,
    push:
      eventName === 'push'
        ? { before: ZERO_SHA.test(string(payload['before'])) ? null : string(payload['before']) || null, defaultBranch: string(repo?.['default_branch']) || null }
        : null,
  };
}

function readEvent(path: string | undefined): Record<string, unknown> {
  if (!path) return {};
  try {
    return object(JSON.parse(readFileSync(path, 'utf8'))) ?? {};
  } catch (error) {
    throw new RatlasError('bad-event', `Cannot read the event payload ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function object(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function string(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
