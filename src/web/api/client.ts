import qs from 'qs';
import type { z } from 'zod';
import type { Endpoint, Problem } from '../../contract/common';

/** Any answer outside 200–299 (spec §8): carries the status and the problem body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | null,
  ) {
    super(problem?.detail ?? `Request failed with status ${status}`);
  }
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
  /** Bearer token for integrations; the web app itself rides on the session cookie. */
  token?: string;
}

/** Query strings as the spec writes them: bracket arrays, no null values. */
export function toQueryString(query: unknown): string {
  const text = qs.stringify(query, { arrayFormat: 'brackets', skipNulls: true, encodeValuesOnly: true });
  return text ? `?${text}` : '';
}

export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** Calls one contract endpoint with credentials; JSON or FormData bodies. */
export async function call<E extends Endpoint>(
  e: E,
  input: CallInput = {},
): Promise<z.output<E['response']>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) {
    body = input.body;
  } else if (e.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body ?? {});
  }
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  const url = pathOf(e.path, input.params) + (input.query ? toQueryString(input.query) : '');
  const res = await fetch(url, { method: e.method, headers, body, credentials: 'include' });
  const isJson = res.headers.get('content-type')?.includes('json');
  const data = isJson ? await res.json() : null;
  if (res.status < 200 || res.status > 299) throw new ApiError(res.status, data);
  return data;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return 'Something went wrong. Please try again.';
}
