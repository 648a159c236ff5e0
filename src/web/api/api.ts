import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import type { Endpoint } from '../../contract/common';
import { type ApiProblem, type CallInput, call, problemOf } from './client';

export interface ApiArgs extends CallInput {
  endpoint: Endpoint;
}

/** The error of every RTK Query call: the same typed problem the slice thunks reject with. */
export type ApiFailure = ApiProblem;

const baseQuery: BaseQueryFn<ApiArgs, unknown, ApiFailure> = async ({ endpoint, ...input }) => {
  try {
    return { data: await call(endpoint, input) };
  } catch (error) {
    return { error: problemOf(error) };
  }
};

/** The one API of the web app: each feature injects its endpoints (features/<area>/<area>.api.ts). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Order', 'Admin', 'Payment'],
  endpoints: () => ({}),
});
