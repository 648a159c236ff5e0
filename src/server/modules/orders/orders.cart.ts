import type { z } from 'zod';
import type { CartItemUpdate, CartSetCreate, ShippingChoice } from '../../../contract/cart';
import type { Cart, CartCreate } from '../../../contract/order-shapes';
import {
  isDeliveryChangeable,
  isEditableOrder,
  isPlacedOrder,
  type OrderStatus,
} from '../../../domain/order-status';
import type { OrderPaymentStatus } from '../../../domain/payment-status';
import { can, isStaff } from '../../../domain/roles';
import { partnersOfRemovedHalves } from '../../../domain/staggered-set';
import type { Db, DbOrTx } from '../../db/connection';
import { orderDetail } from './orders.views';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { deliverableAddress } from '../../integrations/geo/address-check';
import { lookupZip } from '../../integrations/geo/zip-geo';
import * as pricing from './orders.pricing';
import * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';
import * as setsRepo from './orders.sets.repository';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';

/** The price group a cart is priced in; a caller without one cannot shop. */
export function pricingOf(actor: Actor): pricing.Pricing & { priceGroupId: number } {
  if (actor.priceGroupId === null) throw conflict('Choose a location with a price group before shopping');
  return { companyId: actor.companyId, priceGroupId: actor.priceGroupId };
}

/** The user's cart at the current location, re-priced; an empty cart when there is none. */
export async function getCart(db: Db, actor: Actor): Promise<Cart> {
  return db.transaction(async (tx) => {
    const order = await repo.findCart(tx, actor.userId, actor.locationId);
    if (!order) return pricing.toCart(null, null);
    return view(tx, actor, order);
  });
}

/** The cart as the buyer sees it: re-priced from the server's prices. */
export async function view(tx: DbOrTx, actor: Actor, order: repo.OrderRow) {
  const priced = await pricing.repriceOrder(tx, order, pricingOf(actor));
  return pricing.toCart(order, priced);
}

/** The caller's cart at the current location, its row locked; made when there is none. */
export async function openCart(tx: DbOrTx, actor: Actor, zip?: string) {
  const existing = await repo.findCart(tx, actor.userId, actor.locationId, true);
  if (existing) {
    if (!zip || zip === existing.deliveryZip) return existing;
    await repo.updateOrder(tx, existing.id, { deliveryZip: zip });
    return { ...existing, deliveryZip: zip };
  }
  const location = actor.locationId ? await repo.findLocation(tx, actor.locationId) : null;
  await repo.insertCart(tx, {
    companyId: actor.companyId,
    locationId: actor.locationId,
    userId: actor.userId,
    priceGroupId: actor.priceGroupId,
    deliveryZip: zip ?? location?.zip ?? null,
  });
  const created = await repo.findCart(tx, actor.userId, actor.locationId, true);
  if (!created) throw new Error('cart was not created');
  return created;
}

/** Adds a product (merging with a line of the same product and cover); never more than available. */
export async function addToCart(
  db: Db,
  actor: Actor,
  input: Omit<CartCreate, 'orderDeliveryZip'>,
  zip?: string,
) {
  const { priceGroupId } = pricingOf(actor);
  if (zip && !lookupZip(zip))
    throw badRequest('Unknown ZIP code', [
      { pointer: '/body/orderDeliveryZip', detail: 'is not a US ZIP code' },
    ]);
  return db.transaction(async (tx) => {
    const found = await orderableProduct(tx, input, priceGroupId);
    const { product } = found;
    const cart = await openCart(tx, actor, zip);
    const lines = await itemsRepo.listLines(tx, cart.id, priceGroupId);
    const same = lines.filter((l) => l.item.productId === product.id);
    const wanted = same.reduce((s, l) => s + l.item.quantity, 0) + input.orderItemQuantity;
    assertAvailable(wanted, found.available ?? 0, product.skuCode);
    // A half of a staggered set keeps its own quantity: a single tire never merges into it.
    const merge = same.find((l) => l.item.roadHazard === input.orderItemRoadHazard && l.setId === null);
    if (merge) {
      await itemsRepo.updateItem(tx, merge.item.id, {
        quantity: merge.item.quantity + input.orderItemQuantity,
      });
    } else {
      await itemsRepo.insertItem(tx, {
        orderId: cart.id,
        productId: product.id,
        makeId: product.makeId,
        modelId: product.modelId,
        quantity: input.orderItemQuantity,
        unitPriceCents: found.priceCents,
        roadHazard: input.orderItemRoadHazard,
      });
    }
    return view(tx, actor, cart);
  });
}

/**
 * Adds each product as a line of its own, never merged into another line of the same tire: a line
 * a fleet unit names stays that unit's (docs/fleet.md). Runs in the caller's transaction, which
 * links the new lines; never more than available, counting every line of the tire in the cart.
 */
export async function addCartLinesApart(
  tx: DbOrTx,
  actor: Actor,
  inputs: Omit<CartCreate, 'orderDeliveryZip'>[],
  pointer = '/body/lines',
) {
  const { priceGroupId } = pricingOf(actor);
  const cart = await openCart(tx, actor);
  const lines = await itemsRepo.listLines(tx, cart.id, priceGroupId);
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.item.productId, (wanted.get(l.item.productId) ?? 0) + l.item.quantity);
  const itemIds: number[] = [];
  for (const [i, input] of inputs.entries()) {
    const found = await orderableProduct(tx, input, priceGroupId, `${pointer}/${i}`);
    const total = (wanted.get(found.product.id) ?? 0) + input.orderItemQuantity;
    assertAvailable(total, found.available ?? 0, found.product.skuCode);
    wanted.set(found.product.id, total);
    const row = await itemsRepo.insertItem(tx, {
      orderId: cart.id,
      productId: found.product.id,
      makeId: found.product.makeId,
      modelId: found.product.modelId,
      quantity: input.orderItemQuantity,
      unitPriceCents: found.priceCents,
      roadHazard: input.orderItemRoadHazard,
    });
    itemIds.push(row.id);
  }
  return { itemIds, cart: () => view(tx, actor, cart) };
}

/**
 * Adds a staggered set: the front and rear tires of one line, as two lines of their own (never
 * merged into another line) and the set that ties them (docs/fleet.md, "Staggered sets"). The
 * rear must be the front's line (make and model) in another size; never more than available,
 * counting every line of each tire in the cart.
 */
export async function addSetToCart(db: Db, actor: Actor, input: z.output<typeof CartSetCreate>) {
  const { priceGroupId } = pricingOf(actor);
  const rearPointer = '/body/rear/orderItemProductId';
  if (input.front.orderItemProductId === input.rear.orderItemProductId)
    throw badRequest('The front and rear tires of a set are two sizes', [
      { pointer: rearPointer, detail: 'is the front tire: a set has a rear tire of another size' },
    ]);
  return db.transaction(async (tx) => {
    const front = await orderableProduct(tx, input.front, priceGroupId, '/body/front');
    const rear = await orderableProduct(tx, input.rear, priceGroupId, '/body/rear');
    const [f, r] = [front.product, rear.product];
    if (f.makeId !== r.makeId || f.modelId !== r.modelId)
      throw badRequest('The front and rear tires of a set are of one tire line', [
        { pointer: rearPointer, detail: `is not of the front tire's line (${f.skuCode})` },
      ]);
    if (f.width === r.width && f.ratio === r.ratio && f.rim === r.rim)
      throw badRequest('The front and rear tires of a set are two sizes', [
        { pointer: rearPointer, detail: `is the front tire's size (${f.size})` },
      ]);
    const cart = await openCart(tx, actor);
    const lines = await itemsRepo.listLines(tx, cart.id, priceGroupId);
    const inCart = (productId: number) =>
      lines.filter((l) => l.item.productId === productId).reduce((n, l) => n + l.item.quantity, 0);
    const ids: number[] = [];
    for (const [found, half] of [
      [front, input.front],
      [rear, input.rear],
    ] as const) {
      assertAvailable(
        inCart(found.product.id) + half.orderItemQuantity,
        found.available ?? 0,
        found.product.skuCode,
      );
      const row = await itemsRepo.insertItem(tx, {
        orderId: cart.id,
        productId: found.product.id,
        makeId: found.product.makeId,
        modelId: found.product.modelId,
        quantity: half.orderItemQuantity,
        unitPriceCents: found.priceCents,
        roadHazard: input.orderItemRoadHazard,
      });
      ids.push(row.id);
    }
    await setsRepo.insertSet(tx, ids[0], ids[1]);
    return view(tx, actor, cart);
  });
}

/** The ids of the lines of the caller's cart at the current location (none without a cart). */
export async function cartLineIds(db: DbOrTx, actor: Actor): Promise<number[]> {
  const cart = await repo.findCart(db, actor.userId, actor.locationId);
  if (!cart) return [];
  return (await itemsRepo.liveItemIds(db, cart.id)).map((r) => r.id);
}

type ItemInput = Pick<CartCreate, 'orderItemMakeId' | 'orderItemModelId' | 'orderItemProductId'>;

/**
 * A product that may be ordered in a price group, with its server price: an unknown or retired
 * product is a 404, a make or model that is not the product's a 400 (at `pointer`), a product
 * without a price in the group a 409.
 */
export async function orderableProduct(
  tx: DbOrTx,
  input: ItemInput,
  priceGroupId: number,
  pointer = '/body',
) {
  const found = await itemsRepo.findPricedProduct(tx, input.orderItemProductId, priceGroupId);
  if (!found?.product.active) throw notFound('Product');
  if (found.product.makeId !== input.orderItemMakeId || found.product.modelId !== input.orderItemModelId) {
    throw badRequest('The make and model do not match the product', [
      { pointer: `${pointer}/orderItemMakeId`, detail: 'does not match the product' },
    ]);
  }
  if (found.priceCents === null)
    throw conflict('This product is not sold to this price group', { available: 0 });
  return { ...found, priceCents: found.priceCents };
}

function assertAvailable(wanted: number, available: number, sku: string) {
  if (wanted > available) {
    throw conflict(`Only ${available} of ${sku} available`, { available, productSku: sku });
  }
}

/** Changes quantities (0 removes) and road hazard cover of the cart's own items. */
export async function updateCartItems(db: Db, actor: Actor, updates: z.output<typeof CartItemUpdate>[]) {
  const { priceGroupId } = pricingOf(actor);
  return db.transaction(async (tx) => {
    const cart = await repo.findCart(tx, actor.userId, actor.locationId, true);
    if (!cart) throw notFound('Cart item');
    const lines = await itemsRepo.listLines(tx, cart.id, priceGroupId);
    const quantities = new Map(lines.map((l) => [l.item.id, l.item.quantity]));
    for (const u of updates) {
      if (!quantities.has(u.orderItemId)) throw notFound('Cart item');
      if (u.orderItemQuantity !== undefined) quantities.set(u.orderItemId, u.orderItemQuantity);
    }
    // Removing a half of a staggered set removes the set: its other half goes too.
    const partners = partnersOfRemovedHalves(
      lines.map((l) => ({ id: l.item.id, set: pricing.lineSetOf(l) })),
      quantities,
    );
    for (const id of partners) quantities.set(id, 0);
    checkStock(lines, quantities);
    for (const u of updates) {
      const quantity = quantities.get(u.orderItemId) ?? 0;
      if (quantity === 0) await itemsRepo.deleteItem(tx, u.orderItemId);
      else
        await itemsRepo.updateItem(tx, u.orderItemId, {
          quantity,
          ...(u.orderItemRoadHazard !== undefined && { roadHazard: u.orderItemRoadHazard }),
        });
    }
    for (const id of partners) await itemsRepo.deleteItem(tx, id);
    return view(tx, actor, cart);
  });
}

function checkStock(lines: itemsRepo.Line[], quantities: Map<number, number>) {
  const byProduct = new Map<number, { wanted: number; line: itemsRepo.Line }>();
  for (const line of lines) {
    const entry = byProduct.get(line.item.productId) ?? { wanted: 0, line };
    entry.wanted += quantities.get(line.item.id) ?? 0;
    byProduct.set(line.item.productId, entry);
  }
  for (const { wanted, line } of byProduct.values()) {
    if (wanted > line.item.quantity || wanted > (line.available ?? 0)) {
      assertAvailable(wanted, line.available ?? 0, line.skuCode);
    }
  }
}

/** Where the order goes: the location's ZIP, a validated address, or an installer's bay. */
export async function setShipping(db: Db, actor: Actor, choice: z.output<typeof ShippingChoice>) {
  return db.transaction(async (tx) => {
    const cart = await openCart(tx, actor);
    const values = await deliveryOf(tx, actor.locationId, choice);
    await repo.updateOrder(tx, cart.id, values);
    return view(tx, actor, { ...cart, ...values });
  });
}

/** `locationId`: the location 'location' means (the cart's current one, or the order's own). */
async function deliveryOf(tx: DbOrTx, locationId: number | null, choice: z.output<typeof ShippingChoice>) {
  if (choice.kind === 'address') {
    const address = choice.address;
    if (!address)
      throw badRequest('Enter the delivery address', [{ pointer: '/body/address', detail: 'is required' }]);
    const checked = deliverableAddress(address, '/body/address');
    return {
      deliveryKind: 'address',
      deliveryZip: checked.zip,
      deliveryAddress: checked,
      installerLocationId: null,
    };
  }
  if (choice.kind === 'installer') {
    const installer = choice.installerLocationId
      ? await repo.findLocation(tx, choice.installerLocationId)
      : null;
    if (!installer || installer.installer <= 0 || !installer.active) throw notFound('Installer location');
    return {
      deliveryKind: 'installer',
      deliveryZip: installer.zip,
      deliveryAddress: null,
      installerLocationId: installer.id,
    };
  }
  const location = locationId ? await repo.findLocation(tx, locationId) : null;
  if (!location) throw new AppError('conflict', 'Choose a location first');
  return {
    deliveryKind: 'location',
    deliveryZip: location.zip,
    deliveryAddress: null,
    installerLocationId: null,
  };
}

export async function shippingQuote(db: Db, actor: Actor, zip?: string) {
  const cart = await repo.findCart(db, actor.userId, actor.locationId);
  const target = zip ?? cart?.deliveryZip ?? null;
  const lines = cart ? await itemsRepo.listLines(db, cart.id, actor.priceGroupId) : [];
  const quoted = await pricing.shippingOf(db, lines, target);
  return { zip: target, lines: quoted, shippingCents: quoted.reduce((s, l) => s + l.shippingCents, 0) };
}

/** What the session shows: the open cart's id and its number of order items. */
export async function cartSummary(db: DbOrTx, actor: Actor) {
  const cart = await repo.findCart(db, actor.userId, actor.locationId);
  if (!cart) return { order: null, count: 0 };
  return { order: { orderId: cart.id }, count: await itemsRepo.countItems(db, cart.id) };
}

/** Remembers how the buyer means to pay; checked again at checkout. */
export async function setPaymentMethod(db: Db, actor: Actor, paymentMethod: string) {
  return db.transaction(async (tx) => {
    const cart = await openCart(tx, actor);
    await repo.updateOrder(tx, cart.id, { paymentMethod });
    return view(tx, actor, { ...cart, paymentMethod });
  });
}

/** New delivery for an unpaid order: shipping and totals follow, its prices stay. */
export async function setOrderShipping(
  db: Db,
  actor: Actor,
  orderId: number,
  choice: z.output<typeof ShippingChoice>,
) {
  await db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, orderId, true);
    if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
    // Of the staff, those who edit orders (sales) or take their money (finance) may change it.
    if (order.companyId !== actor.companyId) {
      if (!isStaff(actor.role)) throw notFound('Order');
      if (!can(actor.role, 'sales') && !can(actor.role, 'finance'))
        throw forbidden("Only sales and finance change a customer's order");
    }
    if (!isEditableOrder(order.status as OrderStatus, order.paymentStatus as OrderPaymentStatus))
      throw conflict(
        `The delivery of an order that is ${order.status} with payment ${order.paymentStatus} cannot change here`,
      );
    const values = await deliveryOf(tx, order.locationId, choice);
    await pricing.storeTotals(tx, order, await itemsRepo.listLines(tx, orderId, null), values);
  });
  return orderDetail(db, orderId, isStaff(actor.role));
}

/** The warranty provider's road hazard offer for a tire at the caller's price. */
export async function roadHazardOfferFor(db: Db, actor: Actor, productId: number) {
  const found = await itemsRepo.findPricedProduct(db, productId, pricingOf(actor).priceGroupId);
  if (!found || found.priceCents === null) throw notFound('Product');
  return { productId, ...roadHazardOffer(found.priceCents) };
}

/**
 * Staff redirect a placed order that has not left (`PUT /order/{id}/shipping`, docs/logistics.md):
 * an unpaid order's shipping is re-priced, a paid one keeps what it was charged. Runs in the
 * caller's transaction so logistics can move the open fulfillments with it.
 */
export async function redirectOrder(
  tx: DbOrTx,
  actor: Actor,
  orderId: number,
  choice: z.output<typeof ShippingChoice>,
) {
  if (!can(actor.role, 'sales') && !can(actor.role, 'support'))
    throw forbidden('Only sales and support redirect an order');
  const order = await repo.findOrder(tx, orderId, true);
  if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
  if (!isDeliveryChangeable(order.status))
    throw conflict(`An order that is ${order.status} has left or is closed: its delivery cannot change`);
  const values = await deliveryOf(tx, order.locationId, choice);
  if (isEditableOrder(order.status as OrderStatus, order.paymentStatus as OrderPaymentStatus))
    await pricing.storeTotals(tx, order, await itemsRepo.listLines(tx, orderId, null), values);
  else await repo.updateOrder(tx, orderId, values);
  return values;
}
