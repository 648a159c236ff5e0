import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessDays } from '../../../domain/quote-options';
import { inventory, vehicleFitments, vehicles } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createShopper } from '../../test/factories-orders';
import { finishedJob, quotableTire } from '../../test/factories-quotes';
import { createTestApp, type TestApp } from '../../test/test-app';
import { setDistributorStockSource } from './quotes.distributors';
import { expireQuotes } from './quotes.service';

// What generation reads beyond one typed size (every OE size of a vehicle, distributors, a date to
// deliver by), its progress pushed as events, MAP as a floor, and holds that never oversell.

let t: TestApp;
let sales: Caller;
let admin: Caller;
let buyer: Caller;

beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
  admin = await caller(t.app, 'admin');
  const shopper = await createShopper(t.app, t.db);
  buyer = (method, url, payload) =>
    t.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload && { payload }) });
});
afterAll(() => t.close());
afterEach(() => setDistributorStockSource(null));

async function generated(items: object[]) {
  const created = await buyer('POST', '/api/v1/quote', { items });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id;
  const started = await sales('POST', `/api/v1/quote/${id}/options`);
  expect(started.statusCode, started.body).toBe(202);
  await finishedJob(sales, started.json().data.id);
  return (await sales('GET', `/api/v1/quote/${id}`)).json().data;
}

describe('generating options', () => {
  it('uses every OE size of a vehicle, each with its own load and speed', async () => {
    // The first OE size has no stock; the second has.
    const second = await quotableTire(t.db, { size: '187/49R19', quantity: 40, costCents: 9_000 });
    const [vehicle] = await t.db
      .insert(vehicles)
      .values({ year: 2022, make: 'Quotemobile', model: 'Van', option: 'Base', slug: 'quotemobile-van-2022' })
      .returning();
    await t.db.insert(vehicleFitments).values([
      {
        vehicleId: vehicle.id,
        position: 0,
        frontSize: '186/49R19',
        frontLoadIndex: 90,
        frontSpeedIndex: 'H',
      },
      {
        vehicleId: vehicle.id,
        position: 1,
        frontSize: '187/49R19',
        frontLoadIndex: 95,
        frontSpeedIndex: 'V',
      },
    ]);
    const quote = await generated([
      { vehicle: { year: 2022, make: 'Quotemobile', model: 'Van', option: 'Base' }, quantity: 8 },
    ]);
    const options = quote.items[0].options;
    expect(quote.items[0].problem).toBeNull();
    expect(options.map((o: { productId: number }) => o.productId)).toContain(second.product.id);
    expect(options.every((o: { plusSize: boolean }) => !o.plusSize)).toBe(true);
  });

  it('drops options that cannot arrive by the date asked, and says when each arrives', async () => {
    await quotableTire(t.db, { size: '183/47R18', quantity: 40, costCents: 9_000 });
    const soon = await generated([{ size: '183/47R18', quantity: 4, constraints: {} }]);
    const arrives = soon.items[0].options[0].arrivesBy;
    expect(arrives).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(soon.items[0].options[0].reason).toContain(`Arrives by ${arrives}`);
    const tooSoon = addBusinessDays(new Date(), 0);
    const late = await generated([{ size: '183/47R18', quantity: 4, constraints: { deliverBy: tooSoon } }]);
    expect(late.items[0].options).toEqual([]);
    expect(late.items[0].problem).toBe(`No fitting tire is in stock for 4 by ${tooSoon}`);
    const fine = await generated([{ size: '183/47R18', quantity: 4, constraints: { deliverBy: arrives } }]);
    expect(fine.items[0].options.length).toBe(1);
  });

  it("fills a line from a distributor's stock when the warehouses cannot, and holds nothing for it", async () => {
    const { product } = await quotableTire(t.db, { size: '383/85R24', quantity: 3, costCents: 9_000 });
    const none = await generated([{ size: '383/85R24', quantity: 20 }]);
    expect(none.items[0].options).toEqual([]);
    setDistributorStockSource({
      offers: async (_db, ids) =>
        ids.map((productId) => ({
          productId,
          distributor: 'Northern Tire Supply',
          available: 50,
          leadDays: 2,
        })),
    });
    const quote = await generated([{ size: '383/85R24', quantity: 20 }]);
    const [option] = quote.items[0].options;
    expect(option).toMatchObject({
      productId: product.id,
      distributor: 'Northern Tire Supply',
      available: 53,
    });
    expect(option.reason).toContain('From Northern Tire Supply');
    const finalized = await sales('POST', `/api/v1/quote/${quote.id}/finalize`, {});
    expect(finalized.statusCode, finalized.body).toBe(200);
    const [row] = await t.db.select().from(inventory).where(eq(inventory.productId, product.id));
    expect(row.reserved).toBe(0);
  });

  it('pushes the job as server-sent events until it ends', async () => {
    await quotableTire(t.db, { size: '179/45R15', quantity: 40, costCents: 9_000 });
    const created = await buyer('POST', '/api/v1/quote', { items: [{ size: '179/45R15', quantity: 4 }] });
    const started = await sales('POST', `/api/v1/quote/${created.json().data.id}/options`);
    const jobId = started.json().data.id;
    const stream = await sales('GET', `/api/v1/quote/job/${jobId}/events`);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const events = stream.body
      .split('\n\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.split('\ndata: ')[1]));
    expect(events.at(-1)).toMatchObject({ id: jobId, status: 'done', done: 1, total: 1 });
    expect(stream.body.startsWith('event: progress\ndata: ')).toBe(true);
    expect((await sales('GET', '/api/v1/quote/job/999999999/events')).statusCode).toBe(404);
    expect((await buyer('GET', `/api/v1/quote/job/${jobId}/events`)).statusCode).toBe(403);
  });
});

describe('floors and holds', () => {
  it('floors an option at the MAP admin sets, and refuses to finalize under it', async () => {
    const { product } = await quotableTire(t.db, { size: '177/45R15', quantity: 40, costCents: 5_000 });
    expect((await admin('PUT', `/api/v1/quote/map/${product.id}`, { mapCents: 20_000 })).statusCode).toBe(
      200,
    );
    const listed = (await sales('GET', '/api/v1/quote/map?q=177/45R15')).json().data.list;
    expect(listed).toEqual([expect.objectContaining({ productId: product.id, mapCents: 20_000 })]);
    const quote = await generated([{ size: '177/45R15', quantity: 4 }]);
    const [option] = quote.items[0].options;
    expect(option.floorCents).toBe(20_000);
    expect(option.belowFloor).toBe(true);
    const refused = await sales('POST', `/api/v1/quote/${quote.id}/finalize`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('below_floor');
    expect((await admin('PUT', `/api/v1/quote/map/${product.id}`, { mapCents: null })).statusCode).toBe(200);
    expect((await sales('POST', `/api/v1/quote/${quote.id}/finalize`, {})).statusCode).toBe(200);
  });

  it('never holds more than is free, and gives the units back when the quote expires', async () => {
    const { product } = await quotableTire(t.db, { size: '175/45R14', quantity: 10, costCents: 5_000 });
    const first = await generated([{ size: '175/45R14', quantity: 8 }]);
    const second = await generated([{ size: '175/45R14', quantity: 8 }]);
    expect((await sales('POST', `/api/v1/quote/${first.id}/finalize`, {})).statusCode).toBe(200);
    const reserved = async () =>
      (await t.db.select().from(inventory).where(eq(inventory.productId, product.id)))[0].reserved;
    expect(await reserved()).toBe(8);
    const short = await sales('POST', `/api/v1/quote/${second.id}/finalize`, {});
    expect(short.statusCode).toBe(409);
    expect(short.json().available).toBe(2);
    expect(await reserved()).toBe(8);
    // The validity ends: expiry gives the held units back.
    await t.db.execute(
      sql`update quotes set valid_until = now() - interval '1 minute' where id = ${first.id}`,
    );
    expect(await expireQuotes(t.db)).toBeGreaterThanOrEqual(1);
    expect(await reserved()).toBe(0);
    expect((await sales('GET', `/api/v1/quote/${first.id}`)).json().data.status).toBe('expired');
    expect((await sales('POST', `/api/v1/quote/${second.id}/finalize`, {})).statusCode).toBe(200);
  });

  it("counts a live quote's held units in the cap of units one company holds awaiting payment", async () => {
    const tire = await quotableTire(t.db, { size: '173/45R13', quantity: 80, costCents: 5_000 });
    const quote = await generated([{ size: '173/45R13', quantity: 30 }]);
    expect((await sales('POST', `/api/v1/quote/${quote.id}/finalize`, {})).statusCode).toBe(200);
    const holdUnpaid = async (quantity: number) => {
      const cart = await buyer('POST', '/api/cart', {
        orderItemMakeId: tire.make.id,
        orderItemModelId: tire.model.id,
        orderItemProductId: tire.product.id,
        orderItemQuantity: quantity,
      });
      expect(cart.statusCode, cart.body).toBe(200);
      const charge = await buyer('POST', '/api/cart/coinpay/checkout', {});
      return buyer('POST', '/api/cart/checkout', { paymentMethod: 'coinpay', token: charge.json().token });
    };
    // 30 held on the quote: the cart may hold 40 − 30 = 10 more awaiting payment, not 11.
    const ten = await holdUnpaid(10);
    expect(ten.statusCode, ten.body).toBe(201);
    const one = await holdUnpaid(1);
    expect(one.statusCode).toBe(409);
    expect(one.json().productId).toBe(tire.product.id);
    // The quote expires: its units no longer count, and the one more tire may be held.
    await t.db.execute(
      sql`update quotes set valid_until = now() - interval '1 minute' where id = ${quote.id}`,
    );
    await expireQuotes(t.db);
    const again = await buyer('POST', '/api/cart/checkout', {
      paymentMethod: 'coinpay',
      token: (await buyer('POST', '/api/cart/coinpay/checkout', {})).json().token,
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
