import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/connection';
import { buyByCard, createShopper, stockedProduct } from '../../test/factories-orders';
import { signIn } from '../../test/test-app';

type Shopper = Awaited<ReturnType<typeof createShopper>>;

/**
 * A buyer of a new company whose card order of a new tire has been delivered (staff submit it,
 * ship it and mark it delivered), or of `shopper`'s company when given.
 */
export async function deliveredTire(app: FastifyInstance, db: DbOrTx, shopper?: Shopper) {
  const buyer = shopper ?? (await createShopper(app, db));
  const tire = await stockedProduct(db, [{ zip: '78701', quantity: 8 }]);
  const placed = await buyByCard(app, buyer.cookie, tire, 2);
  if (placed.statusCode !== 201) throw new Error(`checkout failed: ${placed.body}`);
  const orderId = placed.json().orderId as number;
  const admin = await signIn(app, 'admin');
  const staff = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: admin }, ...(payload && { payload }) });
  await staff('POST', `/api/v1/order/${orderId}/submit`);
  await staff('PUT', `/api/v1/order/${orderId}/status`, { status: 'shipped' });
  const delivered = await staff('PUT', `/api/v1/order/${orderId}/status`, { status: 'delivered' });
  if (delivered.statusCode !== 200) throw new Error(`not delivered: ${delivered.body}`);
  return { ...buyer, tire, orderId };
}

/** A real JPEG of the given size. */
export function jpeg(width = 1200, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
}

/** A multipart body with several `file` parts, as a browser's FormData sends them. */
export function photosBody(files: { name: string; bytes: Buffer; type?: string }[]) {
  const boundary = `----tread${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
    ),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
    },
  };
}

export const reviewBody = (modelId: number, extra: Record<string, unknown> = {}) => ({
  modelId,
  overall: 4,
  dry: 5,
  wet: 4,
  noise: 3,
  milesDriven: 42_000,
  vehicle: 'Ford F-150 2021',
  title: 'Quiet and long-lived',
  body: 'Forty thousand miles on our delivery trucks, even wear.',
  ...extra,
});
