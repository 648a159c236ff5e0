// Typed RTK Query endpoints for the back-office records: each console area builds its
// <area>.api.ts from these, so that every list, read and write is tagged the same way.
import type { Endpoint } from '../../contract/common';
import type { api, ApiTag, BodyOf, Out, QueryOf } from './api';

type Builder = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

/** A contract endpoint that answers a page: `{ data: { list, count, page } }`. */
type PageEndpoint = Endpoint & { response: { _zod: { output: { data: { list: unknown[] } } } } };
type RowOf<E extends PageEndpoint> = Out<E>['data']['list'][number];

const LIST = 'LIST' as const;

/**
 * Where a write shows: its own kind of record, and the lists of other kinds that show it (a
 * company's name in the locations, a markup in the sell prices).
 */
interface Touches {
  tag: ApiTag;
  also?: readonly ApiTag[];
}

/** The tags a write invalidates: the record, its lists, the lists it ripples to and the audit log. */
export const written = (t: Touches, id?: number) => [
  ...(id === undefined ? [] : [{ type: t.tag, id }]),
  ...[t.tag, ...(t.also ?? []), 'Audit' as const].map((type) => ({ type, id: LIST })),
];

/** A page of records, tagged as the list and as each record on it. */
export const listQuery = <E extends PageEndpoint>(
  b: Builder,
  endpoint: E,
  tag: ApiTag,
  idOf: (row: RowOf<E>) => number,
) =>
  b.query<Out<E>, QueryOf<E>>({
    query: (query) => ({ endpoint, query }),
    providesTags: (page) => [
      { type: tag, id: LIST },
      ...(page?.data.list ?? []).map((row: RowOf<E>) => ({ type: tag, id: idOf(row) })),
    ],
  });

/** One record by its id (`/:id`). */
export const oneQuery = <E extends Endpoint>(b: Builder, endpoint: E, tag: ApiTag) =>
  b.query<Out<E>, number>({
    query: (id) => ({ endpoint, params: { id } }),
    providesTags: (_r, _e, id) => [{ type: tag, id }],
  });

export const createMutation = <E extends Endpoint>(b: Builder, endpoint: E, touches: Touches) =>
  b.mutation<Out<E>, BodyOf<E>>({
    query: (body) => ({ endpoint, body }),
    invalidatesTags: written(touches),
  });

export const updateMutation = <E extends Endpoint>(b: Builder, endpoint: E, touches: Touches) =>
  b.mutation<Out<E>, { id: number; body: BodyOf<E> }>({
    query: ({ id, body }) => ({ endpoint, params: { id }, body }),
    invalidatesTags: (_r, _e, { id }) => written(touches, id),
  });

export const deleteMutation = <E extends Endpoint>(b: Builder, endpoint: E, touches: Touches) =>
  b.mutation<Out<E>, number>({
    query: (id) => ({ endpoint, params: { id } }),
    invalidatesTags: (_r, _e, id) => written(touches, id),
  });
