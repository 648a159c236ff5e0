// Housekeeping: expired security rows are purged on a schedule.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  knownDevices,
  loginThrottles,
  passwordResets,
  rateLimits,
  sessions,
} from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { purgeExpired } from './sessions.purge';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('purge', () => {
  it('expired sessions, stale throttles and rate limits, used resets and old sent mail are purged; live rows stay', async () => {
    const user = await createUser(t.db);
    const past = new Date(Date.now() - 86_400_000);
    const future = new Date(Date.now() + 3_600_000);
    const old = new Date(Date.now() - 40 * 86_400_000);
    await t.db.insert(sessions).values([
      { idHash: 'purge-expired', userId: user.id, expiresAt: past },
      { idHash: 'purge-idle', userId: user.id, expiresAt: future, lastSeenAt: past },
      { idHash: 'purge-live', userId: user.id, expiresAt: future },
    ]);
    await t.db.insert(loginThrottles).values([
      { key: 'purge:old', attempts: 3, lastAt: past },
      { key: 'purge:new', attempts: 3 },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'purge:done', hits: 1, resetAt: past },
      { key: 'purge:open', hits: 1, resetAt: future },
    ]);
    await t.db.insert(passwordResets).values([
      { tokenHash: 'purge-used', userId: user.id, expiresAt: future, usedAt: past },
      { tokenHash: 'purge-expired', userId: user.id, expiresAt: past },
      { tokenHash: 'purge-live', userId: user.id, expiresAt: future },
    ]);
    const mails = await t.db
      .insert(emailOutbox)
      .values([
        { to: 'a@test.example', subject: 'old', text: 'x', kind: 'purge', sentAt: old },
        { to: 'a@test.example', subject: 'recent', text: 'x', kind: 'purge', sentAt: past },
        { to: 'a@test.example', subject: 'unsent', text: 'x', kind: 'purge', createdAt: old },
      ])
      .returning({ id: emailOutbox.id, subject: emailOutbox.subject });
    await t.db.insert(knownDevices).values({ tokenHash: 'purge-device', userId: user.id, lastSeenAt: old });
    await t.db.execute(
      sql`update known_devices set last_seen_at = now() - interval '400 days' where token_hash = 'purge-device'`,
    );

    const purged = await purgeExpired(t.db, t.app.config);
    expect(purged.sessions).toBeGreaterThanOrEqual(2);

    const left = async <T>(rows: Promise<T[]>) => (await rows).map((r) => Object.values(r as object)[0]);
    expect(
      await left(t.db.select({ k: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id))),
    ).toEqual(['purge-live']);
    expect(
      await left(
        t.db
          .select({ k: loginThrottles.key })
          .from(loginThrottles)
          .where(sql`${loginThrottles.key} like 'purge:%'`),
      ),
    ).toEqual(['purge:new']);
    expect(
      await left(
        t.db.select({ k: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} like 'purge:%'`),
      ),
    ).toEqual(['purge:open']);
    expect(
      await left(
        t.db
          .select({ k: passwordResets.tokenHash })
          .from(passwordResets)
          .where(eq(passwordResets.userId, user.id)),
      ),
    ).toEqual(['purge-live']);
    const kept = await left(
      t.db
        .select({ k: emailOutbox.subject })
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.id,
            mails.map((m) => m.id),
          ),
        ),
    );
    expect(kept.sort()).toEqual(['recent', 'unsent']);
    expect(
      await left(
        t.db.select({ k: knownDevices.tokenHash }).from(knownDevices).where(eq(knownDevices.userId, user.id)),
      ),
    ).toEqual([]);
  });
});
