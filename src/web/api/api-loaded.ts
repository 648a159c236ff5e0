import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';

/** What the store takes of the api (api.ts's `api`; its type is not imported here: no cycle). */
interface LoadedApi {
  reducerPath: 'api';
  reducer: Reducer;
  middleware: Middleware;
  util: { resetApiState: () => UnknownAction };
}

let join: ((loaded: LoadedApi) => void) | undefined;

/**
 * The one RTK Query api is not in the first load of a page (its code weighs ≈ 12 KB gzipped;
 * docs/performance-web.md): the store (app/store.ts, created before any page) says here how the
 * api joins it, and api.ts joins as it loads with the first page that calls the API.
 */
export function whenApiLoads(add: (loaded: LoadedApi) => void): void {
  join = add;
}

/** Called by api.ts as it loads: its reducer and middleware join the store. */
export function apiLoaded(loaded: LoadedApi): void {
  join?.(loaded);
}
