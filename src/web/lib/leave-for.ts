/**
 * The browser leaves the app for another site's page (a payment provider's hosted page). One
 * function, so component tests can see where the app sent the browser without leaving jsdom.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
