import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteJobs } from '../../db/schema';
import { type ChildServer, startServer } from '../../test/child-server';
import { quotableTire } from '../../test/factories-quotes';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// A generation job's progress reaches a browser connected to another server on the same
// database through PostgreSQL LISTEN/NOTIFY (docs/quotes.md, "Generating options"): the second
// server is the real one (main.ts) in a process of its own, so nothing but the database can tell
// this process that the job changed. PGlite serves one process: skipped there.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.log('quote job events across servers skipped: it needs PostgreSQL (TEST_DATABASE_URL)');

describe.skipIf(!postgres)('quote job events across two servers', () => {
  let t: TestApp;
  let other: ChildServer | undefined;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 4 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    other = await startServer(t.database.url);
  }, 60_000);
  afterAll(async () => {
    if (other && other.child.exitCode === null) other.child.kill('SIGKILL');
    await t?.close();
  });

  it('a job cancelled on one server ends the event stream open on the other at once', async () => {
    await quotableTire(t.db, { size: '181/45R15', quantity: 40, costCents: 9_000 });
    const buyer = await signIn(t.app, 'buyer');
    const sales = await signIn(t.app, 'sales');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/quote',
      headers: { cookie: buyer },
      payload: { items: [{ size: '181/45R15', quantity: 4 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    // A job whose runner is elsewhere: running, far from its deadline.
    const [job] = await t.db
      .insert(quoteJobs)
      .values({ quoteId: created.json().data.id, total: 1, deadlineAt: new Date(Date.now() + 600_000) })
      .returning();

    // The browser follows the job on this server…
    const stream = await fetch(`${base}/api/v1/quote/job/${job.id}/events`, { headers: { cookie: sales } });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain('"status":"running"');

    // …while sales cancels it on the other.
    const cancelledAt = Date.now();
    const cancel = await fetch(`${other?.base}/api/v1/quote/job/${job.id}/cancel`, {
      method: 'POST',
      headers: { cookie: sales, 'content-type': 'application/json', origin: other?.base ?? '' },
      body: '{}',
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    const last = JSON.parse(text.trim().split('\n\n').at(-1)?.split('\ndata: ')[1] ?? '{}');
    expect(last).toMatchObject({ id: job.id, status: 'cancelled' });
    // Told by the notification, not found by the stream's occasional re-read (every 15 s).
    expect(Date.now() - cancelledAt).toBeLessThan(5_000);
  });
});
