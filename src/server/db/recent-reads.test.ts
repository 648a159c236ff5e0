import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeptByVersion } from './kept-by-version';
import { RecentReads } from './recent-reads';

afterEach(() => vi.useRealTimers());

describe('RecentReads', () => {
  it('trusts a read for its period, per database and key, and forgets on demand or after a write', async () => {
    vi.useFakeTimers();
    const reads = new RecentReads<number>(1000, { forgetOnWrite: true });
    const [db, other] = [{}, {}];
    let n = 0;
    const read = (on: object, key = 'k') => reads.through(on, key, async () => ++n);
    expect(await read(db)).toBe(1);
    expect(await read(db)).toBe(1);
    expect(await read(other)).toBe(2);
    expect(await read(db, 'other key')).toBe(3);
    reads.forget(db, 'k');
    expect(await read(db)).toBe(4);
    RecentReads.afterWrite(db);
    expect(await read(db)).toBe(5);
    expect(await read(other)).toBe(2);
    reads.forgetAll();
    expect(await read(other)).toBe(6);
    vi.advanceTimersByTime(1000);
    expect(await read(other)).toBe(7);
  });

  it('runs a lazy query (a thenable that runs on every then) once per read', async () => {
    const reads = new RecentReads<number>(60_000);
    let runs = 0;
    const lazy = {
      // biome-ignore lint/suspicious/noThenProperty: a lazy query builder is exactly such a thenable
      then: (resolve: (v: number) => void) => resolve(++runs),
    } as unknown as Promise<number>;
    const db = {};
    expect(await reads.through(db, 'k', () => lazy)).toBe(1);
    expect(await reads.through(db, 'k', () => lazy)).toBe(1);
    expect(runs).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const reads = new RecentReads<number>(60_000);
    const db = {};
    await expect(reads.through(db, 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await reads.through(db, 'k', async () => 1)).toBe(1);
  });
});

describe('KeptByVersion', () => {
  it('answers what was kept for the same version only, keeps nothing for a null version, and drops the oldest', async () => {
    const kept = new KeptByVersion<string>(2);
    const db = {};
    kept.set(db, 'a', '1', 'a1');
    expect(kept.get(db, 'a', '1')).toBe('a1');
    expect(kept.get(db, 'a', '2')).toBeUndefined();
    expect(kept.get(db, 'a', null)).toBeUndefined();
    kept.set(db, 'b', null, 'b');
    expect(kept.get(db, 'b', null)).toBeUndefined();
    kept.set(db, 'b', '1', 'b1');
    kept.set(db, 'c', '1', 'c1');
    expect(kept.get(db, 'a', '1')).toBeUndefined();
    expect([kept.get(db, 'b', '1'), kept.get(db, 'c', '1')]).toEqual(['b1', 'c1']);
    expect(await kept.through(db, 'c', '1', async () => 'new')).toBe('c1');
    expect(await kept.through(db, 'c', '2', async () => 'c2')).toBe('c2');
  });
});
