import { z } from 'zod';
import type { Permission } from '../domain/roles';

/** Ids are bigint identities sent as numbers; path and query ids arrive as text. */
export const Id = z.coerce.number().int().positive();
export const Cents = z.number().int();
export const IsoDate = z.string();

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .passthrough();
export type Problem = z.infer<typeof Problem>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(15),
  sort: z.string().max(64).optional(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.object({ list: z.array(item), count: z.number().int(), page: z.number().int() }),
  });
}

export const Ok = z.object({ ok: z.literal(true) });

/** public: anyone; user: any signed-in user; otherwise the permission the caller needs. */
export type Access = 'public' | 'user' | Permission;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint of the HTTP API: the server registers it, the web client calls it. */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  path: string;
  access: Access;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of a successful answer; 200 unless set. */
  status?: number;
  /**
   * The handler answers exactly the response shape (hot read routes: search, dropdowns), so the
   * server writes it with JSON.stringify instead of checking it with zod on every request. The
   * API tests still check it (route.ts): there a trusted answer the schema would change fails.
   */
  trustedResponse?: boolean;
  /** A POST that changes nothing (a search with a body): it does not forget cached callers. */
  readOnly?: boolean;
  /**
   * The call honours an Idempotency-Key header (every call that moves money): a retry with the
   * same key gets the first answer, the same key with another request is a 422, and a retry while
   * the first still runs is a 409 (src/server/http/idempotency.ts). A name instead of `true`
   * is a scope several endpoints share (the checkout: POST /api/cart with `data` and
   * POST /api/cart/checkout).
   */
  idempotent?: true | 'checkout';
}

export function endpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}
