import { describe, expect, it } from 'vitest';
import { createMarkupRule, createProduct, createWarehouse, stock } from '../../test/factories-catalog';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD, groupId } from '../../test/factories';
import { signIn } from '../../test/test-app';
import { buyerSearch, searcher } from './search.test-helpers';

const suite = buyerSearch();
const { search } = suite;

describe('prices, staggered sets and shipping in search', () => {
  it("prices each SKU for the caller's price group: session override first, then the location", async () => {
    const { product, make } = await createProduct(suite.t.db);
    const warehouse = await createWarehouse(suite.t.db);
    const [standard, fleet] = [await groupId(suite.t.db, 'standard'), await groupId(suite.t.db, 'fleet')];
    await createMarkupRule(suite.t.db, { priceGroupId: standard, makeId: make.id, basisPoints: 4000 });
    await createMarkupRule(suite.t.db, { priceGroupId: fleet, makeId: make.id, fixedCents: 1500 });
    await stock(suite.t.db, warehouse.id, product.id, 8, 10000);
    // A user of its own: two locations, one priced standard and one fleet.
    const company = await createCompany(suite.t.db);
    const austin = await createLocation(suite.t.db, company.id, { priceGroupId: standard });
    const denver = await createLocation(suite.t.db, company.id, { priceGroupId: fleet });
    const user = await createUser(suite.t.db, {
      role: 'company_admin',
      companyId: company.id,
      locationIds: [austin.id, denver.id],
    });
    const own = await signIn(suite.t.app, user.username, FACTORY_PASSWORD);
    const priceAs = async () =>
      (
        await searcher(
          () => suite.t,
          () => own,
        )({ query: product.skuCode })
      ).list[0].priceCents;
    expect(await priceAs()).toBe(14000);
    const put = (url: string, method: 'POST' | 'PUT', payload: object) =>
      suite.t.app.inject({ method, url, headers: { cookie: own }, payload });
    expect((await put('/api/session/group', 'POST', { group: fleet })).statusCode).toBe(200);
    expect(await priceAs()).toBe(11500);
    await put('/api/session/group', 'POST', { group: null });
    expect(await priceAs()).toBe(14000);
    expect((await put('/api/location', 'PUT', { locationId: denver.id })).statusCode).toBe(200);
    expect(await priceAs()).toBe(11500);
  });

  it('answers front-and-rear sets of one line for rear filters', async () => {
    const {
      product: front,
      make,
      model,
    } = await createProduct(suite.t.db, { size: '245/40R19', width: 245, ratio: 40, rim: 19 });
    const { product: rear } = await createProduct(suite.t.db, {
      makeId: make.id,
      modelId: model.id,
      size: '275/35R19',
      width: 275,
      ratio: 35,
      rim: 19,
    });
    const warehouse = await createWarehouse(suite.t.db);
    await stock(suite.t.db, warehouse.id, front.id, 4, 12000);
    await stock(suite.t.db, warehouse.id, rear.id, 4, 15000);
    const answer = await search({
      width: 245,
      ratio: 40,
      rim: 19,
      rearWidth: 275,
      rearRatio: 35,
      rearRim: 19,
      pageSize: 100,
    });
    const set = answer.list.find((i) => i.productId === front.id);
    expect(set?.rear?.productId).toBe(rear.id);
    expect(answer.list.every((i) => i.rear !== null && i.rear.width === 275)).toBe(true);
  });

  it('estimates shipping from the nearest warehouse holding the whole quantity', async () => {
    const { product, make } = await createProduct(suite.t.db);
    const nyc = await createWarehouse(suite.t.db, { zip: '10001' });
    const la = await createWarehouse(suite.t.db, { zip: '90001' });
    await stock(suite.t.db, nyc.id, product.id, 2, 9000);
    await stock(suite.t.db, la.id, product.id, 10, 9000);
    const estimate = (quantity: number, zip = '10002') =>
      suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/shipping/estimate?make=${make.id}&code=${product.skuCode}&quantity=${quantity}&zip=${zip}`,
        headers: { cookie: suite.cookie },
      });
    const near = (await estimate(2)).json().data;
    expect(near).toMatchObject({ warehouseZip: '10001', quantity: 2 });
    const far = (await estimate(4)).json().data;
    expect(far.warehouseZip).toBe('90001');
    expect(far.amountCents).toBeGreaterThan(near.amountCents);
    expect((await estimate(50)).statusCode).toBe(409);
    expect((await estimate(1, '00000')).statusCode).toBe(400);
    expect((await estimate(1, 'abc')).statusCode).toBe(400);
  });
});
