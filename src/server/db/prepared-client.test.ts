import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PREPARED_PER_CONNECTION, PreparingClient } from './prepared-client';

/** What the client hands to pg's own query(): the first argument of each call. */
function sent() {
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation((() => Promise.resolve()) as never);
  return () => spy.mock.calls.map(([config]) => config as { text?: string; name?: string } | string);
}

afterEach(() => vi.restoreAllMocks());

describe('PreparingClient', () => {
  it('names each parameterized text once per connection and reuses the name', async () => {
    const calls = sent();
    const client = new PreparingClient();
    await client.query({ text: 'select $1::int', rowMode: 'array' } as pg.QueryConfig, [1]);
    await client.query('select $1::int', [2]);
    await client.query({ text: 'select $1::text', values: ['a'] });
    expect(calls()).toEqual([
      { text: 'select $1::int', rowMode: 'array', name: 'p1' },
      { text: 'select $1::int', name: 'p1' },
      { text: 'select $1::text', values: ['a'], name: 'p2' },
    ]);
    // Another connection has its own statements.
    await new PreparingClient().query('select $1::text', ['b']);
    expect(calls()[3]).toEqual({ text: 'select $1::text', name: 'p1' });
  });

  it('leaves statements without parameters and already named ones alone', async () => {
    const calls = sent();
    const client = new PreparingClient();
    await client.query('begin');
    await client.query({ text: 'select 1' });
    await client.query({ name: 'search_x', text: 'select $1::int', values: [1] });
    expect(calls()).toEqual([
      'begin',
      { text: 'select 1' },
      { name: 'search_x', text: 'select $1::int', values: [1] },
    ]);
  });

  it('stops naming new texts past the limit of a connection', async () => {
    const calls = sent();
    const client = new PreparingClient();
    for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION; i++) await client.query(`select $1::int + ${i}`, [i]);
    const last = calls().at(-1);
    expect(last).toBe(`select $1::int + ${MAX_PREPARED_PER_CONNECTION}`);
    await client.query('select $1::int + 0', [0]);
    expect(calls().at(-1)).toEqual({ text: 'select $1::int + 0', name: 'p1' });
  });
});
