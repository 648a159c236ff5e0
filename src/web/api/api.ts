import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import type { Endpoint } from '../../contract/common';
import { ApiError, type CallInput, call } from './client';

export interface ApiArgs extends CallInput {
  endpoint: Endpoint;
}

export interface ApiFailure {
  status: number;
  message: string;
  problem: ApiError['problem'];
}

const baseQuery: BaseQueryFn<ApiArgs, unknown, ApiFailure> = async ({ endpoint, ...input }) => {
  try {
    return { data: await call(endpoint, input) };
  } catch (error) {
    if (error instanceof ApiError)
      return { error: { status: error.status, message: error.message, problem: error.problem } };
    return {
      error: { status: 0, message: 'The server cannot be reached. Check your connection.', problem: null },
    };
  }
};

/** The one API of the web app: each feature injects its endpoints (features/<area>/<area>.api.ts). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Session', 'Account', 'Cart', 'Order', 'Search', 'Admin'],
  endpoints: () => ({}),
});
