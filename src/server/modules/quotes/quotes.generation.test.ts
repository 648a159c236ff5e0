import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_GENERATION_TIMEOUT_MESSAGE, QUOTE_GENERATION_TIMEOUT_MS } from '../../../domain/quote-status';
import { type Caller, caller } from '../../test/admin-client';
import { createShopper } from '../../test/factories-orders';
import { finishedJob, quotableTire } from '../../test/factories-quotes';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Clock } from './quotes.job-progress';
import * as jobsRepo from './quotes.jobs.repository';
import { getJob, runGeneration } from './quotes.service';

// Option generation runs off the request path; its 600 s limit is tested with a fake clock.

let t: TestApp;
let sales: Caller;
let buyerCookie: string;
const salesActor = { role: 'sales', userId: 0, username: 'sales' } as Parameters<typeof getJob>[1];

beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
  buyerCookie = (await createShopper(t.app, t.db)).cookie;
  await quotableTire(t.db, { size: '193/41R16', quantity: 50, costCents: 7_000 });
  await quotableTire(t.db, { size: '193/42R16', quantity: 50, costCents: 7_000 });
});
afterAll(() => t.close());

/** A quote of two lines with options generated once (the state a later job must not disturb). */
async function generatedQuote() {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/quote',
    headers: { cookie: buyerCookie },
    payload: {
      items: [
        { size: '193/41R16', quantity: 8 },
        { size: '193/42R16', quantity: 8 },
      ],
    },
  });
  const id = created.json().data.id;
  const started = await sales('POST', `/api/v1/quote/${id}/options`);
  expect(await finishedJob(sales, started.json().data.id)).toMatchObject({
    status: 'done',
    done: 2,
    total: 2,
  });
  return (await sales('GET', `/api/v1/quote/${id}`)).json().data;
}

async function runningJob(quoteId: number, startedAt: number) {
  return jobsRepo.insertJob(t.db, {
    quoteId,
    total: 2,
    startedAt: new Date(startedAt),
    deadlineAt: new Date(startedAt + QUOTE_GENERATION_TIMEOUT_MS),
  });
}

const optionIds = (q: { items: { options: { id: number }[] }[] }) =>
  q.items.flatMap((i) => i.options.map((o) => o.id));

describe('option generation jobs', () => {
  it('times out a job still running at exactly 600,000 ms, with the message', async () => {
    const quote = await generatedQuote();
    const start = Date.UTC(2030, 0, 1);
    const job = await runningJob(quote.id, start);
    const before = await getJob(t.db, salesActor, job.id, {
      now: () => start + QUOTE_GENERATION_TIMEOUT_MS - 1,
    });
    expect(before.data.status).toBe('running');
    const after = await getJob(t.db, salesActor, job.id, { now: () => start + QUOTE_GENERATION_TIMEOUT_MS });
    expect(after.data).toMatchObject({ status: 'timed_out', message: QUOTE_GENERATION_TIMEOUT_MESSAGE });
    expect(QUOTE_GENERATION_TIMEOUT_MESSAGE).toBe('Quote generation timed out after 600 seconds');
  });

  it('stops a runner that passes the deadline and leaves the quote as it was', async () => {
    const quote = await generatedQuote();
    await sales('PUT', `/api/v1/quote/option/${quote.items[0].options[0].id}/price`, {
      unitPriceCents: 55_555,
    });
    const start = Date.UTC(2030, 0, 1);
    const job = await runningJob(quote.id, start);
    // Every look at the clock finds five and a half minutes gone: the second line ends past 600 s.
    let now = start;
    const slowClock: Clock = {
      now: () => {
        const at = now;
        now += 330_000;
        return at;
      },
    };
    await runGeneration(t.db, job.id, slowClock);
    expect((await jobsRepo.findJob(t.db, job.id))?.status).toBe('timed_out');
    const after = (await sales('GET', `/api/v1/quote/${quote.id}`)).json().data;
    expect(optionIds(after)).toEqual(optionIds(quote));
    expect(after.items[0].options[0]).toMatchObject({ unitPriceCents: 55_555, priceSource: 'override' });
    expect(after.status).toBe('options_ready');
  });

  it('cancels a running job through the API; the runner then writes nothing', async () => {
    const quote = await generatedQuote();
    const job = await runningJob(quote.id, Date.now());
    const cancelled = await sales('POST', `/api/v1/quote/job/${job.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    await runGeneration(t.db, job.id);
    expect(optionIds((await sales('GET', `/api/v1/quote/${quote.id}`)).json().data)).toEqual(
      optionIds(quote),
    );
    expect((await sales('POST', `/api/v1/quote/job/${job.id}/cancel`)).statusCode).toBe(409);
  });

  it('refuses a second generation while one runs', async () => {
    const quote = await generatedQuote();
    await runningJob(quote.id, Date.now());
    const again = await sales('POST', `/api/v1/quote/${quote.id}/options`);
    expect(again.statusCode).toBe(409);
  });
});
