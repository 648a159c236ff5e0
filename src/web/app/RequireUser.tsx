import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from './Layout';
import { useAppSelector } from '../lib/store-hooks';

/**
 * Client half of the page guard (the server's half: src/server/http/web-app.ts): no user, go to
 * /login and come back after.
 */
export function RequireUser() {
  // The page under it renders as a transition when the session comes (in slices, not one long
  // task: a store update alone renders at once). On mount this is the session as it is.
  const { user, status } = useDeferredValue(useAppSelector((s) => s.session));
  const location = useLocation();
  if (status !== 'ready') return <PageLoading label="Loading" />;
  if (!user) {
    const next =
      location.pathname === '/' ? '' : `?next=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  return <Outlet />;
}
