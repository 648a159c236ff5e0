import { bestDiscount } from '../../../domain/discounts';
import { lineTotalCents, netUnitCents, orderTotals, type Totals } from '../../../domain/money';
import { shippingChargeCents } from '../../../domain/shipping';
import type { Cart, CartItem, LineSet, TaxApplied } from '../../../contract/order-shapes';
import type { DbOrTx } from '../../db/connection';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';
import { discountsInForce } from '../discounts/discounts.service';
import * as payments from '../payments/payments.service';
import * as itemsRepo from './orders.items.repository';
import { type Delivered, landedOf, servicesOf, storesTaxes, type TaxColumns, termsOf } from './orders.landed';
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
  tax: TaxApplied;
}

/** The order row as pricing reads it: its id, where it goes, and what it stores now. */
export type PricedOrder = Pick<repo.OrderRow, 'id' | 'totalCents'> & Delivered & Partial<repo.OrderRow>;

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
  order: PricedOrder,
  pricing: Pricing,
  only?: ReadonlySet<number>,
  stocked?: Stocked[],
): Promise<Priced> {
  const lines = await itemsRepo.listLines(tx, order.id, pricing.priceGroupId);
  const discounts = await discountsInForce(tx, pricing.companyId);
  const changed = new Set<number>();
  for (const line of lines) {
    if (only && !only.has(line.item.id)) continue;
    const next = line.quotedUnitPriceCents !== null ? quotedPrice(line) : dayPrice(line, discounts, pricing);
    if (
      next.unitPriceCents !== line.item.unitPriceCents ||
      next.unitDiscountCents !== line.item.unitDiscountCents ||
      next.roadHazardUnitCents !== line.item.roadHazardUnitCents
    ) {
      changed.add(line.item.id);
      Object.assign(line.item, next);
    }
  }
  const stored = await storeLanded(
    tx,
    order,
    lines,
    { priceGroupId: pricing.priceGroupId },
    stocked,
    changed,
  );
  return { lines, ...stored };
}

/**
 * Stores the landed cost of the lines (shipping to `deliveryZip`, taxed where the order is
 * delivered, unless changed in `values`): per item what it is taxed at, per order the totals and
 * the tax terms (orders.landed.ts). `order` is the row as stored now; given whole, nothing is
 * written when every value is the one stored: a checkout of an unchanged cart saves the update
 * (docs/performance.md). The rates are those in force now: a placed order is taxed again only
 * when staff change it while it is unpaid, else it keeps what it was taxed at.
 */
export async function storeTotals(
  tx: DbOrTx,
  order: PricedOrder,
  lines: itemsRepo.Line[],
  values: Partial<repo.OrderRow> = {},
  stocked?: Stocked[],
): Promise<Totals> {
  return (await storeLanded(tx, order, lines, values, stocked)).totals;
}

/** storeTotals; `repriced`: the items whose new prices are to be written with their taxes. */
async function storeLanded(
  tx: DbOrTx,
  order: PricedOrder,
  lines: itemsRepo.Line[],
  values: Partial<repo.OrderRow>,
  stocked?: Stocked[],
  repriced: ReadonlySet<number> = new Set(),
): Promise<{ totals: Totals; tax: TaxApplied }> {
  const delivered: Delivered = { ...order, ...values };
  const shipping = await shippingOf(tx, lines, delivered.deliveryZip, stocked);
  const terms = await termsOf(tx, delivered, new Date());
  const services = await servicesOf(tx, delivered, lines);
  // Items of an accepted quote ship for what was quoted.
  const landed = landedOf(
    lines,
    shipping.map((l, i) => lines[i].quotedShippingCents ?? l.shippingCents),
    terms,
    services,
  );
  // Prices and taxes of the lines that changed, in one statement.
  await itemsRepo.updateItemCharges(
    tx,
    lines
      .map((l, i) => ({ line: l.item, taxes: landed.items[i] }))
      .filter(({ line, taxes }) => repriced.has(line.id) || !storesTaxes(line, taxes))
      .map(({ line, taxes }) => ({ ...taxes, ...pick(line) })),
  );
  lines.forEach((l, i) => {
    const { id: _id, ...taxes } = landed.items[i];
    Object.assign(l.item, taxes);
  });
  const { totals } = landed;
  const next: Partial<repo.OrderRow> = { ...values, ...totals, ...landed.terms };
  const stored = Object.entries(next).every(([k, v]) => k in order && order[k as keyof repo.OrderRow] === v);
  if (!stored) await repo.updateOrder(tx, order.id, next);
  if (totals.totalCents !== order.totalCents)
    await payments.voidOpen(
      tx,
      order.id,
      `The order total changed from ${order.totalCents} to ${totals.totalCents} cents`,
    );
  return { totals, tax: taxAppliedOf(landed.terms) };
}

const pick = (i: itemsRepo.ItemPrice) => ({
  unitPriceCents: i.unitPriceCents,
  unitDiscountCents: i.unitDiscountCents,
  roadHazardUnitCents: i.roadHazardUnitCents,
});

/** Where and at what an order is taxed, from its stored columns. */
export function taxAppliedOf(order: TaxColumns): TaxApplied {
  return {
    state: order.taxState,
    ratePpm: order.taxRatePpm,
    certificate:
      order.exemptionCertificateId === null
        ? null
        : {
            id: order.exemptionCertificateId,
            kind: order.exemptionCertificateKind ?? '',
            number: order.exemptionCertificateNumber ?? '',
          },
  };
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

/** The set a line is a half of, from the set columns its read joined (orders.items.repository.ts). */
export function lineSetOf(
  line: Partial<
    Pick<itemsRepo.Line, 'setId' | 'setFrontItemId' | 'setRearItemId' | 'setBrokenAt' | 'setBrokenNote'>
  > & { item: { id: number } },
): LineSet | null {
  if (line.setId === null || line.setId === undefined) return null;
  const front = line.setFrontItemId === line.item.id;
  return {
    setId: line.setId,
    position: front ? 'front' : 'rear',
    partnerItemId: (front ? line.setRearItemId : line.setFrontItemId) ?? 0,
    brokenAt: line.setBrokenAt ? new Date(line.setBrokenAt).toISOString() : null,
    brokenNote: line.setBrokenNote ?? null,
  };
}

export function toCartItem(
  line: Pick<itemsRepo.Line, 'item' | 'makeName' | 'modelName' | 'skuCode' | 'size' | 'available'> &
    Partial<
      Pick<itemsRepo.Line, 'setId' | 'setFrontItemId' | 'setRearItemId' | 'setBrokenAt' | 'setBrokenNote'>
    >,
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
    fetUnitCents: i.fetUnitCents,
    tireFeeUnitCents: i.tireFeeUnitCents,
    servicesUnitCents: i.servicesUnitCents,
    shippingCents: i.shippingCents,
    taxCents: i.taxCents,
    available: line.available ?? 0,
    set: lineSetOf(line),
  };
}

const noTotals: Totals = orderTotals([], 0);
const noTax: TaxApplied = { state: null, ratePpm: 0, certificate: null };

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
    tax: priced?.tax ?? (order ? taxAppliedOf(order) : noTax),
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
