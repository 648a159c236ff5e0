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
    let n = 0;
    const load = (key: string, version: string | null) =>
      kept.through(db, key, version, async () => `${key}${version}#${++n}`);
    expect(await load('a', '1')).toBe('a1#1');
    expect(await load('a', '1')).toBe('a1#1');
    expect(await load('a', '2')).toBe('a2#2');
    expect(await load('b', null)).toBe('bnull#3');
    expect(await load('b', null)).toBe('bnull#4');
    expect(await load('b', '1')).toBe('b1#5');
    expect(await load('c', '1')).toBe('c1#6');
    expect(await load('a', '2')).toBe('a2#7'); // the oldest, dropped for c
    expect(await load('c', '1')).toBe('c1#6');
  });

  it('shares one computation among the requests that wait for it, and forgets a failed one', async () => {
    const kept = new KeptByVersion<number>(10);
    const db = {};
    let runs = 0;
    const slow = () => kept.through(db, 'k', '1', () => new Promise((r) => setTimeout(() => r(++runs), 10)));
    expect(await Promise.all([slow(), slow(), slow()])).toEqual([1, 1, 1]);
    await expect(kept.through(db, 'x', '1', async () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(await kept.through(db, 'x', '1', async () => 5)).toBe(5);
  });
});
