import { RecentReads } from '../../db/recent-reads';
import type { Actor } from '../../http/actor';

// Every request resolves its caller from the session cookie. Under load that lookup is the one
// statement a dropdown or a kept search answer still needs, so a session read is trusted for a
// second. Every state-changing request of this process forgets them all: a sign-out, a location
// or price-group switch, a role or location change shows at once here, and within that second
// on another server process sharing the database.
export const recentSessions = new RecentReads<Actor | null>(1000, { forgetOnWrite: true });
