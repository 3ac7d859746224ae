/** The first line of ratlas's comment on a pull request: how the next run finds it to update it. */
export const COMMENT_MARKER = '<!-- ratlas-impact -->';

export interface CommentTarget {
  apiUrl: string;
  token: string;
  owner: string;
  repo: string;
  number: number;
}

export interface UpsertResult {
  action: 'created' | 'updated' | 'unchanged';
  id: number;
  url: string;
}

interface IssueComment {
  id: number;
  body?: string;
  html_url?: string;
  user?: { type?: string } | null;
  author_association?: string;
}

/** Authors whose comment carrying the marker is taken as ratlas's own. */
const TRUSTED_ASSOCIATIONS = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);
const PER_PAGE = 100;
const MAX_PAGES = 30;

/** An HTTP error of the GitHub API, with its status, so callers can tell permissions from outages. */
export class GitHubApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GitHubApiError';
  }
}

/**
 * Keeps one ratlas comment per pull request: finds the comment whose body starts with the marker,
 * written by a bot (the workflow token) or by someone with write access (a personal token), and
 * updates it in place, or creates it. Anyone can post a comment that starts with the marker, so a
 * stranger's is never taken for ours. An unchanged body is not written again.
 */
export async function upsertComment(target: CommentTarget, body: string, fetchImpl: typeof fetch = fetch): Promise<UpsertResult> {
  if (!body.startsWith(COMMENT_MARKER)) throw new Error('the comment body must start with the marker');
  const base = `${target.apiUrl}/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}/issues`;
  const call = async <T>(method: string, url: string, payload?: unknown): Promise<T> => {
    const response = await fetchImpl(url, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${target.token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'ratlas-action',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 300);
      try {
        message = String((JSON.parse(text) as { message?: unknown }).message ?? message);
      } catch {
        // Not JSON: keep the text.
      }
      throw new GitHubApiError(response.status, `${method} ${url.replace(target.apiUrl, '')} answered ${response.status}: ${message}`);
    }
    return JSON.parse(text) as T;
  };

  let existing: IssueComment | undefined;
  for (let page = 1; page <= MAX_PAGES && !existing; page++) {
    const comments = await call<IssueComment[]>('GET', `${base}/${target.number}/comments?per_page=${PER_PAGE}&page=${page}`);
    existing = comments.find(isOurs);
    if (comments.length < PER_PAGE) break;
  }
  if (existing) {
    if (existing.body === body) return { action: 'unchanged', id: existing.id, url: existing.html_url ?? '' };
    const updated = await call<IssueComment>('PATCH', `${base}/comments/${existing.id}`, { body });
    return { action: 'updated', id: updated.id, url: updated.html_url ?? '' };
  }
  const created = await call<IssueComment>('POST', `${base}/${target.number}/comments`, { body });
  return { action: 'created', id: created.id, url: created.html_url ?? '' };
}

function isOurs(comment: IssueComment): boolean {
  if (!comment.body?.startsWith(COMMENT_MARKER)) return false;
  return comment.user?.type === 'Bot' || TRUSTED_ASSOCIATIONS.has(comment.author_association ?? '');
}
