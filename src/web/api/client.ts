import qs from 'qs';
import type { z } from 'zod';
import type { Endpoint, Problem } from '../../contract/common';

/** Any answer outside 200–299: carries the status and the problem body. */
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
  /** Extra request headers, e.g. the Idempotency-Key of a call that moves money. */
  headers?: Record<string, string>;
}

/** Query strings as the spec writes them: bracket arrays, no null values. */
function toQueryString(query: unknown): string {
  const text = qs.stringify(query, { arrayFormat: 'brackets', skipNulls: true, encodeValuesOnly: true });
  return text ? `?${text}` : '';
}

function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** Calls one contract endpoint with credentials; JSON or FormData bodies. */
export async function call<E extends Endpoint>(
  e: E,
  input: CallInput = {},
): Promise<z.output<E['response']>> {
  const headers: Record<string, string> = { ...input.headers, accept: 'application/json' };
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

/** What the web keeps of a failed call: thunks reject with it, RTK Query reports it as its error. */
export interface ApiProblem {
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
  /** The problem's `detail`, or the one "cannot be reached" message. */
  message: string;
  /** The problem's machine-readable code (`invalid_transition`, `conflict` …). */
  code?: string;
  /** Why a payment or token was refused (`card_declined`, `token_used`, `amount_mismatch` …). */
  reason?: string;
  /** Invalid fields as JSON pointers (/body/field). */
  errors?: { pointer: string; detail: string }[];
  /** The whole problem body, for answers with more to say (a 409's allowed statuses or amounts). */
  problem?: Problem | null;
}

export const UNREACHABLE = 'The server cannot be reached. Check your connection.';

/** Any failure of `call()` as an ApiProblem: a network failure is status 0. */
export function problemOf(error: unknown): ApiProblem {
  if (!(error instanceof ApiError)) return { status: 0, message: UNREACHABLE };
  const p = error.problem;
  return {
    status: error.status,
    message: error.message,
    ...(p?.code && { code: p.code }),
    ...(typeof p?.reason === 'string' && { reason: p.reason }),
    ...(p?.errors && { errors: p.errors }),
    problem: p,
  };
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return UNREACHABLE;
  if (error && typeof error === 'object' && 'message' in error) return String(error.message);
  return 'Something went wrong. Please try again.';
}

/** A fresh Idempotency-Key: one per attempt at a call that moves money. */
export const newIdempotencyKey = () => crypto.randomUUID();
