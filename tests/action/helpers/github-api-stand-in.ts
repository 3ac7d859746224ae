import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface StoredComment {
  id: number;
  body: string;
  html_url: string;
  user: { login: string; type: 'Bot' | 'User' };
  author_association: string;
}

/**
 * Stands in for the three endpoints of GitHub's REST API the comment step calls (list, create and
 * update issue comments), on loopback, holding comments in memory and recording every request. It
 * pages the list as GitHub does (per_page, page) and answers 401 to a request without the token.
 */
export async function startGitHubApiStandIn(options: { owner: string; repo: string; token: string }) {
  const comments = new Map<number, StoredComment[]>();
  const requests: RecordedRequest[] = [];
  let nextId = 1000;
  const prefix = `/repos/${options.owner}/${options.repo}/issues`;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = text === '' ? undefined : JSON.parse(text);
    requests.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    if (req.headers.authorization !== `Bearer ${options.token}`) return send(401, { message: 'Bad credentials' });
    const list = /^\/(\d+)\/comments$/.exec(url.pathname.slice(prefix.length));
    const one = /^\/comments\/(\d+)$/.exec(url.pathname.slice(prefix.length));
    if (!url.pathname.startsWith(prefix)) return send(404, { message: 'Not Found' });
    if (list && req.method === 'GET') {
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      return send(200, (comments.get(Number(list[1])) ?? []).slice((page - 1) * perPage, page * perPage));
    }
    if (list && req.method === 'POST') {
      const id = nextId++;
      const comment: StoredComment = {
        id,
        body: (body as { body: string }).body,
        html_url: `https://github.invalid/${options.owner}/${options.repo}/pull/${list[1]}#issuecomment-${id}`,
        user: { login: 'github-actions[bot]', type: 'Bot' },
        author_association: 'NONE',
      };
      comments.set(Number(list[1]), [...(comments.get(Number(list[1])) ?? []), comment]);
      return send(201, comment);
    }
    if (one && req.method === 'PATCH') {
      for (const thread of comments.values()) {
        const found = thread.find((c) => c.id === Number(one[1]));
        if (found) {
          found.body = (body as { body: string }).body;
          return send(200, found);
        }
      }
      return send(404, { message: 'Not Found' });
    }
    return send(405, { message: `${req.method} ${url.pathname} is not part of the stand-in` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    comments,
    /** Puts a comment on a pull request as someone else would. */
    seed(number: number, comment: Omit<StoredComment, 'id' | 'html_url'>): void {
      const id = nextId++;
      comments.set(number, [...(comments.get(number) ?? []), { ...comment, id, html_url: `https://github.invalid/c/${id}` }]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
