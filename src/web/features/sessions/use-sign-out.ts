import { type AppDispatch, useAppDispatch } from '../../lib/store-hooks';
import { logout } from './session.slice';

/**
 * Signing out is a POST (`/api/v1/logout`, under the same-site checks of every write); opening
 * /logout ends nothing, so a link from another site cannot sign anyone out. After the call the
 * sign-in page is loaded afresh, so that nothing of the user stays in memory.
 */
export async function signOut(dispatch: AppDispatch) {
  await dispatch(logout());
  window.location.assign('/login');
}

export function useSignOut() {
  const dispatch = useAppDispatch();
  return () => signOut(dispatch);
}
