import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { createShopper } from '../../test/factories-orders';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { deliveredTire, jpeg, photosBody, reviewBody } from './reviews.test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: await mkdtemp(join(tmpdir(), 'tread-reviews-')) });
  admin = await signIn(t.app, 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (cookie: string) => (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

async function writtenReview() {
  const buyer = await deliveredTire(t.app, t.db);
  const me = as(buyer.cookie);
  const res = await me('POST', '/api/reviews', reviewBody(buyer.tire.model.id));
  expect(res.statusCode, res.body).toBe(201);
  return { ...buyer, me, review: res.json().data };
}

describe('writing a review', () => {
  it('lets a buyer whose company received the line review it once, as a pending verified review', async () => {
    const { me, review, tire, orderId } = await writtenReview();
    expect(review).toMatchObject({
      modelId: tire.model.id,
      productId: tire.product.id,
      status: 'pending',
      verifiedPurchase: true,
      mine: true,
      ratings: { overall: 4, dry: 5, wet: 4, snow: null, noise: 3, treadwear: null },
      milesDriven: 42_000,
      vehicle: 'Ford F-150 2021',
    });
    const again = await me('POST', '/api/v1/review', reviewBody(tire.model.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ pointer: '/body/modelId', detail: 'is reviewed already' }]);
    const lines = (await me('GET', `/api/reviews/reviewable?orderId=${orderId}`)).json().data;
    expect(lines).toEqual([expect.objectContaining({ modelId: tire.model.id, reviewId: review.id })]);
  });

  it('refuses a line the company never received with 403, and a size it did not buy with a pointer', async () => {
    const buyer = await deliveredTire(t.app, t.db);
    const other = await deliveredTire(t.app, t.db);
    const me = as(buyer.cookie);
    const never = await me('POST', '/api/reviews', reviewBody(other.tire.model.id));
    expect(never.statusCode).toBe(403);
    expect(never.json()).toMatchObject({ code: 'forbidden', reason: 'not_purchased' });
    const wrongSku = await me(
      'POST',
      '/api/reviews',
      reviewBody(buyer.tire.model.id, { productId: other.tire.product.id }),
    );
    expect(wrongSku.statusCode).toBe(400);
    expect(wrongSku.json().errors[0].pointer).toBe('/body/productId');
    expect((await me('POST', '/api/reviews', reviewBody(999_999_999))).statusCode).toBe(404);
  });

  it('refuses an order that is placed but not delivered yet', async () => {
    const shopper = await createShopper(t.app, t.db);
    const { buyByCard, stockedProduct } = await import('../../test/factories-orders');
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 4 }]);
    expect((await buyByCard(t.app, shopper.cookie, tire, 1)).statusCode).toBe(201);
    const res = await as(shopper.cookie)('POST', '/api/reviews', reviewBody(tire.model.id));
    expect(res.statusCode).toBe(403);
  });

  it('answers 400 with pointers for empty, too long and out-of-range fields, and writes nothing', async () => {
    const buyer = await deliveredTire(t.app, t.db);
    const me = as(buyer.cookie);
    const bad = await me('POST', '/api/reviews', {
      ...reviewBody(buyer.tire.model.id),
      title: '',
      body: 'x'.repeat(5001),
      overall: 6,
      wet: 0,
      vehicle: 'v'.repeat(121),
    });
    expect(bad.statusCode).toBe(400);
    const pointers = bad.json().errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/body/title', '/body/body', '/body/overall', '/body/wet', '/body/vehicle']),
    );
    expect((await me('POST', '/api/reviews', {})).statusCode).toBe(400);
    expect((await me('GET', '/api/v1/review')).json().data.count).toBe(0);
  });

  it('needs a shopping role and a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reviews', payload: reviewBody(1) });
    expect(res.statusCode).toBe(401);
  });
});

describe('moderation and what others see', () => {
  it('keeps a pending review from others, publishes it, hides it with a reason only its author reads', async () => {
    const { me, review, tire } = await writtenReview();
    const stranger = as((await createShopper(t.app, t.db)).cookie);
    const staff = as(admin);
    expect((await stranger('GET', `/api/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await stranger('GET', `/api/v1/review/${review.id}`)).statusCode).toBe(404);
    const queue = (await staff('GET', '/api/v1/review?status=pending&pageSize=100')).json().data;
    expect(queue.list.some((r: { id: number }) => r.id === review.id)).toBe(true);

    const published = await staff('PUT', `/api/v1/review/${review.id}/moderation`, {
      status: 'published',
      answer: 'Thank you for the miles.',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', answer: 'Thank you for the miles.' });
    const seen = await stranger('GET', `/api/reviews/${review.id}`);
    expect(seen.json().data).toMatchObject({ status: 'published', mine: false, hiddenReason: null });
    expect((await stranger('GET', `/api/v1/review/${review.id}`)).statusCode).toBe(404);

    const list = (await stranger('GET', `/api/reviews?modelId=${tire.model.id}`)).json().data;
    expect(list.count).toBe(1);
    expect(list.summary).toMatchObject({ average: 4, count: 1, stars: [0, 0, 0, 1, 0] });
    expect(list.summary.aspects).toMatchObject({ dry: 5, wet: 4, snow: null });
    const cards = (
      await stranger('GET', `/api/reviews/summary?modelIds[]=${tire.model.id}&modelIds[]=999999999`)
    ).json();
    expect(cards.data).toEqual([
      expect.objectContaining({ modelId: tire.model.id, average: 4, count: 1 }),
      expect.objectContaining({ modelId: 999_999_999, average: null, count: 0 }),
    ]);

    const noReason = await staff('PUT', `/api/v1/review/${review.id}/moderation`, { status: 'hidden' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].pointer).toBe('/body/hiddenReason');
    const hidden = await staff('PUT', `/api/v1/review/${review.id}/moderation`, {
      status: 'hidden',
      hiddenReason: 'Names a driver',
    });
    expect(hidden.json().data).toMatchObject({ status: 'hidden', hiddenReason: 'Names a driver' });
    expect((await stranger('GET', `/api/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await me('GET', `/api/v1/review/${review.id}`)).json().data).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Names a driver',
    });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'review_moderated'))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(mail.text).toContain('Names a driver');
  });

  it('refuses moderation to buyers (403) and to an unknown review (404); an edit goes back to pending', async () => {
    const { me, review } = await writtenReview();
    expect(
      (await me('PUT', `/api/v1/review/${review.id}/moderation`, { status: 'published' })).statusCode,
    ).toBe(403);
    const staff = as(admin);
    await staff('PUT', `/api/v1/review/${review.id}/moderation`, { status: 'published' });
    const edited = await me('PUT', `/api/v1/review/${review.id}`, {
      overall: 2,
      title: 'Wore fast after all',
    });
    expect(edited.json().data).toMatchObject({
      status: 'pending',
      ratings: { overall: 2 },
      title: 'Wore fast after all',
    });
    expect(
      (await staff('PUT', `/api/v1/review/999999999/moderation`, { status: 'published' })).statusCode,
    ).toBe(404);
  });

  it("lets only the author edit: another's published review is 403, a pending one 404", async () => {
    const { review } = await writtenReview();
    const other = as((await createShopper(t.app, t.db)).cookie);
    expect((await other('PUT', `/api/v1/review/${review.id}`, { title: 'Mine now' })).statusCode).toBe(404);
    await as(admin)('PUT', `/api/v1/review/${review.id}/moderation`, { status: 'published' });
    expect((await other('PUT', `/api/v1/review/${review.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await other('PUT', `/api/v1/review/${review.id}`, { title: '' })).statusCode).toBe(400);
  });

  it('counts "helpful" once per user, never from the author, and sorts by it', async () => {
    const { me, review, tire } = await writtenReview();
    const colleague = await createUser(t.db, { role: 'buyer' });
    const voter = as(await signIn(t.app, colleague.username, FACTORY_PASSWORD));
    expect((await voter('POST', `/api/reviews/${review.id}/helpful`)).statusCode).toBe(404);
    await as(admin)('PUT', `/api/v1/review/${review.id}/moderation`, { status: 'published' });
    const first = await voter('POST', `/api/reviews/${review.id}/helpful`);
    expect(first.json().data).toEqual({ helpfulCount: 1, votedByMe: true });
    expect((await voter('POST', `/api/reviews/${review.id}/helpful`)).statusCode).toBe(409);
    expect((await me('POST', `/api/reviews/${review.id}/helpful`)).statusCode).toBe(403);
    const listed = (await voter('GET', `/api/reviews?modelId=${tire.model.id}&sort=helpful`)).json().data;
    expect(listed.list[0]).toMatchObject({ id: review.id, helpfulCount: 1, votedByMe: true });
  });

  it('filters published reviews by stars and vehicle, and refuses a bad filter', async () => {
    const first = await writtenReview();
    const staff = as(admin);
    await staff('PUT', `/api/v1/review/${first.review.id}/moderation`, { status: 'published' });
    const me = first.me;
    const byStars = (await me('GET', `/api/reviews?modelId=${first.tire.model.id}&rating=4`)).json().data;
    expect(byStars.count).toBe(1);
    expect((await me('GET', `/api/reviews?modelId=${first.tire.model.id}&rating=2`)).json().data.count).toBe(
      0,
    );
    expect(
      (await me('GET', `/api/reviews?modelId=${first.tire.model.id}&vehicle=f-150`)).json().data.count,
    ).toBe(1);
    expect(
      (await me('GET', `/api/reviews?modelId=${first.tire.model.id}&vehicle=sprinter`)).json().data.count,
    ).toBe(0);
    expect((await me('GET', `/api/reviews?modelId=${first.tire.model.id}&rating=9`)).statusCode).toBe(400);
    expect((await me('GET', '/api/reviews')).statusCode).toBe(400);
  });
});

describe('photos', () => {
  it('stores up to 6 photos resized to a few widths, refuses the 7th, serves and removes them', async () => {
    const { me, review, cookie } = await writtenReview();
    const post = (files: { name: string; bytes: Buffer; type?: string }[]) => {
      const b = photosBody(files);
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/review/${review.id}/images`,
        payload: b.payload,
        headers: { ...b.headers, cookie },
      });
    };
    const big = await jpeg(2000, 1500);
    const first = await post([{ name: 'tread.jpg', bytes: big }]);
    expect(first.statusCode, first.body).toBe(201);
    const [photo] = first.json().data;
    expect(photo).toMatchObject({ widths: [320, 800, 1600], width: 1600, height: 1200 });
    expect(photo.srcSet).toContain('?w=320 320w');

    const small = await jpeg(200, 100);
    const five = await post(Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.jpg`, bytes: small })));
    expect(five.statusCode).toBe(201);
    expect(five.json().data[0]).toMatchObject({ widths: [200], width: 200, height: 100 });
    const seventh = await post([{ name: 'seventh.jpg', bytes: small }]);
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json().detail).toContain('at most 6 photos');

    const file = await me('GET', `/api/reviews/image/${photo.id}?w=300`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const stranger = as((await createShopper(t.app, t.db)).cookie);
    expect((await stranger('GET', `/api/reviews/image/${photo.id}`)).statusCode).toBe(404);
    expect((await stranger('GET', `/api/v1/review/${review.id}/images`)).statusCode).toBe(404);
    expect((await stranger('DELETE', `/api/v1/review/image/${photo.id}`)).statusCode).toBe(404);
    expect((await as(admin)('GET', `/api/v1/review/${review.id}/images`)).json().data).toHaveLength(6);

    expect((await me('DELETE', `/api/v1/review/image/${photo.id}`)).statusCode).toBe(200);
    expect((await me('GET', `/api/v1/review/${review.id}/images`)).json().data).toHaveLength(5);
    expect((await me('GET', `/api/reviews/image/${photo.id}`)).statusCode).toBe(404);
    expect((await me('DELETE', `/api/v1/review/image/${photo.id}`)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, a mislabelled one, and an empty upload', async () => {
    const { me, review, cookie } = await writtenReview();
    const post = (files: { name: string; bytes: Buffer; type?: string }[]) => {
      const b = photosBody(files);
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/review/${review.id}/images`,
        payload: b.payload,
        headers: { ...b.headers, cookie },
      });
    };
    const text = await post([
      { name: 'notes.jpg', bytes: Buffer.from('not a picture at all'), type: 'image/jpeg' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toContain('notes.jpg is not a PNG, JPEG or WebP image');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(50)]);
    expect((await post([{ name: 'broken.jpg', bytes: broken }])).statusCode).toBe(400);
    const json = await me('POST', `/api/v1/review/${review.id}/images`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect((await me('GET', `/api/v1/review/${review.id}/images`)).json().data).toEqual([]);
  });

  it("answers 404 to photos sent to another's pending review", async () => {
    const { review } = await writtenReview();
    const other = await createShopper(t.app, t.db);
    const b = photosBody([{ name: 'a.jpg', bytes: await jpeg(400, 300) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/review/${review.id}/images`,
      payload: b.payload,
      headers: { ...b.headers, cookie: other.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("an order's review invitation", () => {
  it('links each delivered line to the review form under PUBLIC_URL, with the buyer to ask', async () => {
    const { orderId, tire } = await deliveredTire(t.app, t.db);
    const res = await as(admin)('GET', `/api/v1/order/${orderId}/productreview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().products[0]).toMatchObject({ productId: tire.product.id });
    expect(res.json().products[0].reviewUrl).toMatch(
      new RegExp(`/reviews/new\\?product=${tire.product.id}&order=${orderId}$`),
    );
  });
});
