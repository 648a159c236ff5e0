// The pages of the web app, shared by the server's page guard and the client router.

/** Pages that need no signed-in user. */
export const publicPages = [
  '/login',
  '/login/mfa',
  '/reset',
  '/wholesale',
  '/wholesale/confirm',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
] as const;

/** Top-level page paths the web app knows; anything else renders its not-found page. */
export const knownPages = [
  '/',
  '/orders',
  '/checkout',
  '/account',
  '/login',
  '/logout',
  '/reset',
  '/wholesale',
  '/supplier',
  '/installer',
  '/fleet',
  '/approvals',
  '/shop',
  '/tires',
  '/oe_selection',
  '/admin',
  '/quotes',
  '/reviews',
  '/compare',
  '/contact',
  '/newsletter',
] as const;

export function isKnownPage(pathname: string): boolean {
  return knownPages.some((p) => pathname === p || (p !== '/' && pathname.startsWith(`${p}/`)));
}

export function isPublicPage(pathname: string): boolean {
  return (publicPages as readonly string[]).includes(pathname);
}
