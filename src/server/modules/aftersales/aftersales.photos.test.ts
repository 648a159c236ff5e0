import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, multipart } from '../../test/admin-client';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { asBuyer, deliveredOrder } from './aftersales.test-helpers';

let t: TestApp;
let admin: Caller;
let support: Caller;
const cookies: Record<string, string> = {};
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
  for (const who of ['support', 'sales', 'clerk']) cookies[who] = await signIn(t.app, who);
  jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#664422' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'camera' } } })
    .toBuffer();
});
afterAll(() => t.close());

const upload = (
  cookie: string,
  url: string,
  bytes: Buffer | string,
  type = 'image/jpeg',
  name = 'tire.jpg',
) => {
  const m = multipart('file', name, bytes, type);
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, cookie } });
};
const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });

describe('photos of returns and claims', () => {
  it('takes a buyer photo of a returned item, checked by its bytes, and shows it to staff only of that company', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const buyer = asBuyer(t, o);
    const made = await buyer('POST', `/api/v1/order/${o.orderId}/return`, {
      reason: 'damaged_in_transit',
      items: [{ orderItemId: o.orderItemId, quantity: 1 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const r = made.json().data;
    const itemId = r.items[0].returnItemId;
    const url = `/api/v1/return/${r.returnId}/item/${itemId}/photo`;

    const ok = await upload(o.cookie, url, jpeg);
    expect(ok.statusCode, ok.body).toBe(201);
    const photos: string[] = ok.json().data.items[0].photos;
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatch(
      new RegExp(`^/api/v1/return/${r.returnId}/photo/return-${r.returnId}-[0-9a-f-]{36}\\.webp$`),
    );

    // Staff read it: a WebP at most 1600 px wide, without the camera's metadata.
    const file = await get(cookies.support, photos[0]);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600 });
    expect(meta.exif).toBeUndefined();
    const staffView = (await support('GET', `/api/v1/return/${r.returnId}`)).json().data;
    expect(staffView.items[0].photos).toEqual(photos);
    expect(staffView.log.at(-1).note).toMatch(/1 photo/);

    // Another company sees neither the return nor its photo; a made-up name is unknown.
    expect((await get(cookies.clerk, photos[0])).statusCode).toBe(404);
    expect((await upload(cookies.clerk, url, jpeg)).statusCode).toBe(404);
    const fake = photos[0].replace(/[0-9a-f]{12}\.webp$/, '000000000000.webp');
    expect((await get(o.cookie, fake)).statusCode).toBe(404);
    expect(
      (await get(o.cookie, `/api/v1/return/${r.returnId}/photo/..%2F..%2Fetc%2Fpasswd`)).statusCode,
    ).toBe(400);

    // Content, not the header, decides: HTML called a JPEG, an empty field, too many, too big.
    const html = await upload(o.cookie, url, '<html><script>alert(1)</script></html>', 'image/jpeg');
    expect(html.statusCode).toBe(400);
    expect(html.json().detail).toMatch(/not a PNG, JPEG or WebP/);
    const big = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(o.cookie, url, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.headers['content-type']).toMatch(/^application\/problem\+json/);
    const notMultipart = await buyer('POST', url, { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await upload(o.cookie, url, jpeg)).statusCode).toBe(201);
    const seventh = await upload(o.cookie, url, jpeg);
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json().detail).toMatch(/at most 6 photos/);

    // Sales is not after-sales staff; an unknown item is a 404; a settled return takes no more.
    expect((await upload(cookies.sales, url, jpeg)).statusCode).toBe(403);
    expect(
      (await upload(o.cookie, `/api/v1/return/${r.returnId}/item/999999999/photo`, jpeg)).statusCode,
    ).toBe(404);
    expect(
      (await support('POST', `/api/v1/return/${r.returnId}/action`, { action: 'reject' })).statusCode,
    ).toBe(200);
    const late = await upload(cookies.support, url, jpeg);
    expect(late.statusCode).toBe(409);
    expect(late.json().reason).toBe('not_editable');
  });

  it('takes photos of the damage on a claim while it is undecided', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2, roadHazard: true });
    const buyer = asBuyer(t, o);
    const filed = await buyer('POST', '/api/v1/claim', {
      orderItemId: o.orderItemId,
      damagedOn: new Date().toISOString().slice(0, 10),
      remainingTread32: 7,
      odometerMiles: 9000,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().data.claimId;
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    const ok = await upload(o.cookie, `/api/v1/claim/${id}/photo`, png, 'image/png', 'nail.png');
    expect(ok.statusCode, ok.body).toBe(201);
    const [url] = ok.json().data.photos as string[];
    expect(url).toMatch(new RegExp(`^/api/v1/claim/${id}/photo/claim-${id}-`));
    const file = await get(cookies.support, url);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(300);
    expect((await get(cookies.clerk, url)).statusCode).toBe(404);
    expect((await upload(cookies.sales, `/api/v1/claim/${id}/photo`, png, 'image/png')).statusCode).toBe(403);
    expect((await upload(o.cookie, '/api/v1/claim/999999999/photo', png, 'image/png')).statusCode).toBe(404);
    expect((await upload(o.cookie, `/api/v1/claim/${id}/photo`, 'GIF89a', 'image/gif')).statusCode).toBe(400);
    expect((await support('POST', `/api/v1/claim/${id}/action`, { action: 'deny' })).statusCode).toBe(200);
    expect((await upload(o.cookie, `/api/v1/claim/${id}/photo`, png, 'image/png')).statusCode).toBe(409);
  });
});
