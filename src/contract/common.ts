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

/** Rows per page of any list: the one bound every contract's page size uses. */
export const MAX_PAGE_SIZE = 100;
/**
 * The last page number (from 0) any list accepts. Its first row's offset is page × page size,
 * at most 1,000,000 × 100 = 10^8: well inside PostgreSQL's integer (2^31 − 1) and so its bigint,
 * and in JavaScript's safe integers, while no list of the shop comes near 10^8 rows. A larger
 * number is a mistake or a probe and gets a 400 naming the field, never a 500 from the SQL.
 */
export const MAX_PAGE = 1_000_000;
/** A page number, from 0: every contract's `page` is this (a later list cannot forget the bound). */
export const PageNumber = z.coerce.number().int().min(0).max(MAX_PAGE);
/** Rows per page: every contract's `pageSize` is this, with the list's own default. */
export const PageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);

export const PageQuery = z.object({
  page: PageNumber.default(0),
  pageSize: PageSize.default(15),
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
   * A read that may be served from a streaming replica (DATABASE_REPLICA_URL) while the replica
   * has the caller's own writes and what the primary announced (src/server/db/replica.ts). Its
   * handler must only read, outside any transaction.
   */
  replica?: true;
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
