import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The state of the app's one store, a key per slice. The store is assembled in app/store.ts,
 * which imports the slices of the features; a feature that imported the store back for its types
 * would make app/ and the features depend on each other. So the type is declared here, where
 * every feature may import it, and each slice adds its own key to it from its own file
 * (TypeScript's declaration merging, the way Redux Toolkit types lazily loaded slices):
 *
 *   declare module '../../lib/store-hooks' { interface RootState { cart: CartState } }
 *
 * app/store.ts checks that the store it builds holds every key declared here.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the slices' files fill it in (above)
export interface RootState {}

/** The store's dispatch: plain actions and the thunks of apiThunk (api/thunk.ts). */
export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
