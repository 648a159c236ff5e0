// Who is calling: the actor of a session cookie or a bearer token, resolved on every request
// (src/server/http/auth.ts), with the idle clocks kept running.
import { isStaff, type Role } from '../../../domain/roles';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { recentSessions } from './sessions.recent';
import * as repo from './sessions.repository';
import { hashSecret } from './sessions.tokens';

const minutes = (n: number) => n * 60_000;

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type LocationTableRow = NonNullable<
  NonNullable<Awaited<ReturnType<typeof repo.findLiveSession>>>['location']
>;

function actorOf(
  user: UserRow,
  location: LocationTableRow | null,
  via: Actor['via'],
  sessionIdHash: string | null,
  groupOverride: number | null,
): Actor {
  return {
    userId: user.id,
    username: user.username,
    companyId: user.companyId,
    role: user.role as Role,
    locationId: location?.id ?? null,
    supplierId: location?.supplierId ?? 0,
    installer: location?.installer ?? 0,
    // A session's own price group holds only while its location is still granted (staff: always).
    priceGroupId:
      (location || isStaff(user.role as Role) ? groupOverride : null) ?? location?.priceGroupId ?? null,
    via,
    sessionIdHash,
  };
}

/** Resolves a session cookie to its actor, keeping the idle clock running. */
export function actorFromSession(db: Db, config: Config, sessionId: string): Promise<Actor | null> {
  const idHash = hashSecret(sessionId);
  return recentSessions.through(db, idHash, async () => {
    const idleSince = new Date(Date.now() - minutes(config.SESSION_IDLE_MINUTES));
    const row = await repo.findLiveSession(db, idHash, idleSince);
    if (!row) return null;
    // Writing on every request would double the load; a minute's precision is enough for idling.
    if (Date.now() - new Date(row.session.lastSeenAt).getTime() > 60_000) await repo.touchSession(db, idHash);
    return actorOf(row.user, row.location, 'session', idHash, row.session.priceGroupId);
  });
}

/** Resolves a bearer token, keeping last_used_at (its idle clock, shown to its owner) to the minute. */
export async function actorFromToken(db: Db, config: Config, token: string): Promise<Actor | null> {
  const idleSince = new Date(Date.now() - config.TOKEN_IDLE_DAYS * 86_400_000);
  const row = await repo.findLiveToken(db, hashSecret(token), idleSince);
  if (!row) return null;
  const lastUsed = row.token.lastUsedAt ? new Date(row.token.lastUsedAt).getTime() : 0;
  if (Date.now() - lastUsed > 60_000) await repo.touchToken(db, row.token.id);
  return actorOf(row.user, row.location, 'token', null, null);
}
