import { bestDiscount } from '../../../domain/discounts';
import { lineTotalCents, netUnitCents, orderTotals, type Totals } from '../../../domain/money';
import { shippingChargeCents } from '../../../domain/shipping';
import type { Cart, CartItem } from '../../../contract/order-shapes';
import type { DbOrTx } from '../../db/connection';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';
import { discountsInForce } from '../discounts/discounts.service';
import * as payments from '../payments/payments.service';
import * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';
import { allocate } from './orders.stock';
import * as stockRepo from './orders.stock.repository';

export interface Pricing {
  companyId: number;
  priceGroupId: number | null;
}

export interface Priced {
  lines: itemsRepo.Line[];
  totals: Totals;
}

/**
 * Re-prices the lines of an order from the server's prices of the price group (a price a
 * client sent is never read), applies discounts and road hazard, and stores the totals. `only`
 * limits re-pricing to some items (staff editing a placed order: the other lines keep the
 * prices the order was placed at); the totals always cover every line. A changed total voids
 * the payments opened for the old one (an intent must be made again for the new total). Each
 * thing is read once, whatever the number of lines: a fixed number of statements.
 */
type Discounts = Awaited<ReturnType<typeof discountsInForce>>;

/** The day's price of the price group, less the best discount in force. */
function dayPrice(line: itemsRepo.Line, discounts: Discounts, pricing: Pricing) {
  const unit = line.priceCents ?? line.item.unitPriceCents;
  return {
    unitPriceCents: unit,
    unitDiscountCents: bestDiscount(discounts, {
      makeId: line.item.makeId,
      modelId: line.item.modelId,
      productId: line.item.productId,
      companyId: pricing.companyId,
      unitPriceCents: unit,
    }).reductionCents,
    roadHazardUnitCents: roadHazardOffer(unit).unitCents,
  };
}

/**
 * An item of an accepted quote keeps the quoted net price per tire (the rest of the list price
 * shows as its discount), whatever the day's prices and discounts: the order costs what was quoted.
 */
function quotedPrice(line: itemsRepo.Line) {
  const quoted = line.quotedUnitPriceCents ?? 0;
  const unit = Math.max(line.item.unitPriceCents, quoted);
  return {
    unitPriceCents: unit,
    unitDiscountCents: unit - quoted,
    roadHazardUnitCents: roadHazardOffer(quoted).unitCents,
  };
}

export async function repriceOrder(
  tx: DbOrTx,
  order: Pick<repo.OrderRow, 'id' | 'deliveryZip' | 'totalCents'> & Partial<repo.OrderRow>,
  pricing: Pricing,
  only?: ReadonlySet<number>,
  stocked?: Stocked[],
): Promise<Priced> {
  const lines = await itemsRepo.listLines(tx, order.id, pricing.priceGroupId);
  const discounts = await discountsInForce(tx, pricing.companyId);
  const changed: itemsRepo.ItemPrice[] = [];
  for (const line of lines) {
    if (only && !only.has(line.item.id)) continue;
    const next = line.quotedUnitPriceCents !== null ? quotedPrice(line) : dayPrice(line, discounts, pricing);
    if (
      next.unitPriceCents !== line.item.unitPriceCents ||
      next.unitDiscountCents !== line.item.unitDiscountCents ||
      next.roadHazardUnitCents !== line.item.roadHazardUnitCents
    ) {
      changed.push({ id: line.item.id, ...next });
      Object.assign(line.item, next);
    }
  }
  await itemsRepo.updateItemPrices(tx, changed);
  const totals = await storeTotals(tx, order, lines, { priceGroupId: pricing.priceGroupId }, stocked);
  return { lines, totals };
}

/**
 * Stores the totals of the lines (shipping to `deliveryZip` unless changed in `values`). `order`
 * is the row as stored now (its zip prices the shipping); given whole, nothing is written when
 * every value is the one stored: a checkout of an unchanged cart saves the update
 * (docs/performance.md).
 */
export async function storeTotals(
  tx: DbOrTx,
  order: Pick<repo.OrderRow, 'id' | 'deliveryZip' | 'totalCents'> & Partial<repo.OrderRow>,
  lines: itemsRepo.Line[],
  values: Partial<repo.OrderRow> = {},
  stocked?: Stocked[],
): Promise<Totals> {
  const zip = values.deliveryZip !== undefined ? values.deliveryZip : order.deliveryZip;
  const shipping = await shippingOf(tx, lines, zip, stocked);
  // Items of an accepted quote ship for what was quoted.
  const totals = orderTotals(
    lines.map((l) => l.item),
    shipping.reduce((s, l, i) => s + (lines[i].quotedShippingCents ?? l.shippingCents), 0),
  );
  const next: Partial<repo.OrderRow> = { ...values, ...totals };
  const stored = Object.entries(next).every(([k, v]) => k in order && order[k as keyof repo.OrderRow] === v);
  if (!stored) await repo.updateOrder(tx, order.id, next);
  if (totals.totalCents !== order.totalCents)
    await payments.voidOpen(
      tx,
      order.id,
      `The order total changed from ${order.totalCents} to ${totals.totalCents} cents`,
    );
  return totals;
}

/** The shipping of an order's lines (orders.pricing's quoteShipping, line by line). */
export async function shippingOf(
  tx: DbOrTx,
  lines: itemsRepo.Line[],
  zip: string | null,
  stocked?: Stocked[],
) {
  const quoted = await quoteShipping(
    tx,
    lines.map((l) => ({ productId: l.item.productId, quantity: l.item.quantity })),
    zip,
    stocked,
  );
  return lines.map((line, i) => ({ orderItemId: line.item.id, ...quoted[i] }));
}

/** Stock of a warehouse for shipping: its free units, ZIP and the tire's weight. */
export type Stocked = stockRepo.WeighedStockRow;

export interface ShippingWanted {
  productId: number;
  quantity: number;
}

export interface ShippingQuoted {
  warehouseZip: string | null;
  miles: number | null;
  weightLbs: number | null;
  shippingCents: number;
  /** Whether the warehouses hold every unit (checkout could route the line now). */
  filled: boolean;
}

/**
 * The shop's shipping of tires to a ZIP, the one rule behind the result card's estimate, the
 * cart, orders and quotes: each line ships from the warehouses checkout would route it to
 * (allocate: the nearest that fills it whole, else the nearest in turn), each tire priced by the
 * house courier's ground rate for its weight and distance (src/domain/shipping.ts). A line no
 * warehouse can fill is priced from the nearest that has the tire, else as the farthest zone.
 */
export async function quoteShipping(
  db: DbOrTx,
  wanted: ShippingWanted[],
  zip: string | null,
  rows?: Stocked[],
): Promise<ShippingQuoted[]> {
  // Rows the caller already read (and locked) stand for the warehouses' stock: those with units free.
  const stocked = rows
    ? rows.filter((r) => r.free > 0)
    : await stockRepo.stockedWarehouses(
        db,
        wanted.map((w) => w.productId),
      );
  const weightOf = new Map(stocked.map((r) => [r.productId, r.weightLbs]));
  const zipOf = new Map(stocked.map((r) => [r.warehouseId, r.zip]));
  let stock: stockRepo.StockRow[] = stocked.map((r) => ({ ...r, free: Number(r.free) }));
  return wanted.map((w) => {
    const weightLbs = weightOf.get(w.productId) ?? null;
    const result = allocate(stock, [{ orderItemId: 0, ...w }], zip);
    if (result.short) {
      const nearest = stock
        .filter((r) => r.productId === w.productId)
        .map((r) => ({ zip: r.zip, miles: milesBetween(zip, r.zip) }))
        .sort((a, b) => (a.miles ?? 1e9) - (b.miles ?? 1e9))[0];
      const miles = nearest?.miles ?? null;
      return {
        warehouseZip: nearest?.zip ?? null,
        miles,
        weightLbs,
        shippingCents: shippingChargeCents(w.quantity, { weightLbs, miles }),
        filled: false,
      };
    }
    const taken = result.allocations;
    // Units one line takes are not free for the next line of the same tire.
    stock = stock.map((r) => {
      const a = taken.find((x) => x.warehouseId === r.warehouseId && x.productId === r.productId);
      return a ? { ...r, free: r.free - a.quantity } : r;
    });
    const legs = taken.map((a) => ({ a, miles: milesBetween(zip, zipOf.get(a.warehouseId)) }));
    return {
      warehouseZip: zipOf.get(taken[0].warehouseId) ?? null,
      miles: legs[0].miles,
      weightLbs,
      shippingCents: legs.reduce(
        (s, l) => s + shippingChargeCents(l.a.quantity, { weightLbs, miles: l.miles }),
        0,
      ),
      filled: true,
    };
  });
}

export function toCartItem(
  line: Omit<itemsRepo.Line, 'quotedUnitPriceCents' | 'quotedShippingCents'>,
): CartItem {
  const i = line.item;
  return {
    orderItemId: i.id,
    orderItemMakeId: i.makeId,
    orderItemModelId: i.modelId,
    orderItemProductId: i.productId,
    orderItemQuantity: i.quantity,
    orderItemRoadHazard: i.roadHazard,
    makeName: line.makeName,
    modelName: line.modelName,
    skuCode: line.skuCode,
    size: line.size,
    unitPriceCents: i.unitPriceCents,
    unitDiscountCents: i.unitDiscountCents,
    roadHazardUnitCents: i.roadHazardUnitCents,
    lineTotalCents: lineTotalCents(i),
    available: line.available ?? 0,
  };
}

const noTotals: Totals = orderTotals([], 0);

export function toCart(order: repo.OrderRow | null, priced: Priced | null): Cart {
  return {
    orderId: order?.id ?? null,
    orderDeliveryZip: order?.deliveryZip ?? null,
    delivery: {
      kind: (order?.deliveryKind ?? 'location') as Cart['delivery']['kind'],
      zip: order?.deliveryZip ?? null,
      address: order?.deliveryAddress ?? null,
      installerLocationId: order?.installerLocationId ?? null,
    },
    paymentMethod: order?.paymentMethod ?? null,
    orderItems: priced?.lines.map(toCartItem) ?? [],
    totals: priced?.totals ?? noTotals,
  };
}

/** What an order's lines earn sales compensation on: merchandise after discounts, per make. */
export function compensationOf(order: { id: number; companyId: number }, lines: itemsRepo.Line[]) {
  return {
    id: order.id,
    companyId: order.companyId,
    lines: lines.map(({ item }) => ({
      makeId: item.makeId,
      amountCents: item.quantity * netUnitCents(item),
    })),
  };
}
