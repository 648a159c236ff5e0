import { vi } from 'vitest';

/** A request the web app sent, as the server would read it. */
export interface SentRequest {
  method: string;
  path: string;
  /** The query string without its `?` ('' for none). */
  query: string;
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined for none. */
  body: unknown;
}

/** An answer of the stub: a status (200 unless told) and a JSON body; `network: true` fails like a dropped connection. */
export type Reply = { status?: number; body?: unknown } | { network: true };
type Answer = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

/** A problem answer as the server writes it (application/problem+json). */
export const problem = (status: number, detail: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { type: 'about:blank', title: detail, status, detail, ...extra },
});

/**
 * The server at the network boundary: `fetch` answers from the routes a test declares and keeps
 * every request it was sent. A route is a method and a path (`:name` matches one segment); the
 * route declared last wins, so a test can change an answer midway. A request no route answers
 * gets a 404 problem and is kept in `unanswered`, so the test sees what it did not expect.
 */
export function stubServer() {
  const routes: { method: string; pattern: RegExp; answer: Answer }[] = [];
  const requests: SentRequest[] = [];
  const unanswered: SentRequest[] = [];

  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>))
      headers[k.toLowerCase()] = v;
    const request: SentRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = routes.findLast((r) => r.method === request.method && r.pattern.test(request.path));
    if (!route) unanswered.push(request);
    const answer = route
      ? route.answer
      : problem(404, `No stubbed answer for ${request.method} ${request.path}`);
    const reply = typeof answer === 'function' ? await answer(request) : answer;
    if ('network' in reply) throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const type = status >= 400 ? 'application/problem+json' : 'application/json';
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': type },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fetchStub));

  return {
    /** Answers `method path` with `answer` from now on. */
    on(method: string, path: string, answer: Answer) {
      const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
      routes.push({ method: method.toUpperCase(), pattern, answer });
      return this;
    },
    /** Every request sent so far, in order. */
    requests,
    unanswered,
    /** The requests sent to `method path` (the path as sent, e.g. '/api/v1/quote/7'). */
    sent(method: string, path: string) {
      return requests.filter((r) => r.method === method.toUpperCase() && r.path === path);
    },
  };
}

/** An answer held back until the test releases it: what the page shows while it waits. */
export function held() {
  let release: (reply: Reply) => void = () => {};
  const answer = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { answer: () => answer, release: (reply: Reply) => release(reply) };
}
