import { eq } from 'drizzle-orm';
import { overallDiameter, parseTireSize } from '../../domain/tire-size';
import type { DbOrTx } from '../db/connection';
import { brandTiers, emailOutbox, priceGroups } from '../db/schema';
import type { Caller } from './admin-client';
import { createMarkupRule, createProduct, createWarehouse, stock } from './factories-catalog';
import { createCompany } from './factories';

/**
 * A SKU of a size nobody else stocks, sold at cost plus `markupBp` in every price group, with
 * `quantity` units in one Dallas warehouse at `costCents`.
 */
export async function quotableTire(
  db: DbOrTx,
  o: {
    size: string;
    quantity: number;
    costCents: number;
    markupBp?: number;
    tier?: number;
    warrantyMiles?: number;
  },
) {
  const size = parseTireSize(o.size);
  if (!size) throw new Error(`bad size ${o.size}`);
  const { make, model, product } = await createProduct(db, {
    size: o.size,
    sizeType: size.type,
    width: size.width,
    ratio: size.ratio,
    rim: size.rim,
    overallDiameter: overallDiameter(size),
    loadIndex: 98,
    speedIndex: 'W',
  });
  if (o.tier) await db.insert(brandTiers).values({ makeId: make.id, tier: o.tier });
  for (const group of await db.select({ id: priceGroups.id }).from(priceGroups))
    await createMarkupRule(db, { priceGroupId: group.id, makeId: make.id, basisPoints: o.markupBp ?? 3000 });
  const supplier = await createCompany(db, { kind: 'supplier' });
  const warehouse = await createWarehouse(db, { supplierCompanyId: supplier.id, zip: '75201' });
  await stock(db, warehouse.id, product.id, o.quantity, o.costCents);
  return { make, model, product, warehouse };
}

/** Waits for a generation job to leave `running` (it runs off the request path). */
export async function finishedJob(call: Caller, jobId: number) {
  for (let i = 0; i < 200; i++) {
    const job = (await call('GET', `/api/v1/quote/job/${jobId}`)).json().data;
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job did not finish');
}

export async function outboxTo(db: DbOrTx, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}
