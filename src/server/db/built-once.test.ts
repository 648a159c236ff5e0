import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unique } from '../test/test-app';
import { builtOnce, type Placeholders } from './built-once';
import { makes } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('builtOnce', () => {
  it('builds once and runs each call with its values on the pool or in the caller’s transaction', async () => {
    let builds = 0;
    const makeNamed = builtOnce((db, p: Placeholders<{ name: string }>) => {
      builds++;
      return db.select({ id: makes.id, name: makes.name }).from(makes).where(eq(makes.name, p.name));
    });
    const [a, b] = [unique('Make'), unique('Make')];
    expect(await makeNamed(t.db, { name: a })).toEqual([]);

    // A row the transaction wrote and has not committed: only the transaction's connection sees it.
    const rolledBack = new Error('roll back');
    await expect(
      t.db.transaction(async (tx) => {
        const [made] = await tx
          .insert(makes)
          .values({ name: b, slug: b.toLowerCase() })
          .returning({ id: makes.id });
        expect(await makeNamed(tx, { name: b })).toEqual([{ id: made.id, name: b }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await makeNamed(t.db, { name: b })).toEqual([]);

    const [made] = await t.db
      .insert(makes)
      .values({ name: a, slug: a.toLowerCase() })
      .returning({ id: makes.id });
    expect(await makeNamed(t.db, { name: a })).toEqual([{ id: made.id, name: a }]);
    expect(builds).toBe(1);
  });
});
