import type { z } from 'zod';
import { api } from '../../api/api';
import { call } from '../../api/client';
import { type AdminKey, adminEndpoints } from './admin.registry';

export type Out<K extends AdminKey> = z.output<(typeof adminEndpoints)[K]['response']>;
export type BodyOf<K extends AdminKey> = (typeof adminEndpoints)[K] extends { body?: infer B }
  ? B extends z.ZodType
    ? z.input<B>
    : undefined
  : undefined;

interface Args {
  key: AdminKey;
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

const adminApi = api.injectEndpoints({
  endpoints: (b) => ({
    adminQuery: b.query<unknown, Args>({
      query: ({ key, ...input }) => ({ endpoint: adminEndpoints[key], ...input }),
      providesTags: ['Admin'],
    }),
    adminMutation: b.mutation<unknown, Args>({
      query: ({ key, ...input }) => ({ endpoint: adminEndpoints[key], ...input }),
      // Back-office writes ripple (a markup moves prices, an approval adds a company): refetch all.
      invalidatesTags: ['Admin'],
    }),
  }),
});

export function useAdminQuery<K extends AdminKey>(
  key: K,
  input: Omit<Args, 'key' | 'body'> = {},
  options: { skip?: boolean; pollingInterval?: number } = {},
) {
  const result = adminApi.useAdminQueryQuery({ key, ...input }, options);
  return result as Omit<typeof result, 'data'> & { data?: Out<K> };
}

/** A back-office write: `await run('createCompany', { body })`; rejects with the ApiFailure. */
export function useAdminMutation() {
  const [trigger, state] = adminApi.useAdminMutationMutation();
  const run = <K extends AdminKey>(key: K, input: Omit<Args, 'key'> & { body?: BodyOf<K> } = {}) =>
    trigger({ key, ...input }).unwrap() as Promise<Out<K>>;
  return [run, state] as const;
}

/** Every page of a list, for CSV export (at most 5,000 rows). */
export async function fetchAll<K extends AdminKey>(key: K, query: Record<string, unknown>) {
  const rows: unknown[] = [];
  for (let page = 0; page < 50; page++) {
    const res = (await call(adminEndpoints[key], { query: { ...query, page, pageSize: 100 } })) as {
      data: { list: unknown[]; count: number };
    };
    rows.push(...res.data.list);
    if (rows.length >= res.data.count || res.data.list.length === 0) break;
  }
  return rows;
}
