import { createAsyncThunk } from '@reduxjs/toolkit';
import { type ApiProblem, problemOf } from './client';

/** What a thunk's call may do besides calling the API: dispatch follow-ups (a cache invalidation). */
interface ThunkTools {
  dispatch: (action: unknown) => unknown;
}

/**
 * The one way to write a thunk that calls the API: `run` calls `call()`; any failure rejects
 * with a typed ApiProblem (status 0 when the server cannot be reached). The action types are
 * `type`/pending, /fulfilled and /rejected: the start, success and failure of the call.
 */
export function apiThunk<Arg, Result>(type: string, run: (arg: Arg, tools: ThunkTools) => Promise<Result>) {
  return createAsyncThunk<Result, Arg, { rejectValue: ApiProblem }>(
    type,
    async (arg, { dispatch, rejectWithValue }) => {
      try {
        return await run(arg, { dispatch });
      } catch (error) {
        return rejectWithValue(problemOf(error));
      }
    },
  );
}

/** The problem a rejected apiThunk action carries (an error thrown outside the call has none). */
export const problemIn = (action: { payload?: ApiProblem; error: { message?: string } }): ApiProblem =>
  action.payload ?? { status: 0, message: action.error.message ?? 'Something went wrong. Please try again.' };
