// The orders module's public entry: what other modules (the session, the seed) may use of it.
export { addToCart, cartSummary, redirectOrder, setShipping } from './orders.cart';
// The fleet roster adds lines for a unit (never merged with another unit's) and reads them back.
export { addCartLinesApart, cartLineIds } from './orders.cart';
export { itemsBoughtBy } from './orders.purchases';
export { orderDetail } from './orders.views';
export { checkout } from './orders.checkout';
export { createOrder } from './orders.create';
export { cancelOrder, changeStatus, submitOrder } from './orders.staff';
export {
  type FiledLine,
  type OrderFacts,
  orderFacts,
  orderIdOfItem,
  placeReplacementOrder,
  refundableOfOrder,
  refundOrderMoney,
  scrapReturnedUnits,
  shelveReturnedUnits,
  type SoldItem,
  stockOf,
  supplierLinesForBill,
} from './orders.after-sales';
export { invoicePdf } from './orders.documents';
// After-sales marks a staggered set broken when a return takes back only part of it.
export { markSetsBrokenBy } from './orders.sets';
export { getMyOrder } from './orders.buyer';
export { quoteShipping } from './orders.pricing';
export { followShipments } from './orders.delivery';
// The logistics demo seed confirms lines as their supplier would.
export { updateFulfillments as answerSupplierLines } from './orders.supplier';
// What quotes use: the cart's shipping rule, checkout's stock rules, and placing an accepted quote.
export { placeQuotedOrder } from './orders.create';
// Quotes price their options by the order's landed-cost rule, so the accepted quote's order agrees.
export { type Delivered, type LandedSource, landedRuleFor } from './orders.landed';
export { taxAppliedOf } from './orders.pricing';
export { reserveAllocations, unreserveAllocations } from './orders.stock';
// Reviews ask what a buyer's company received, as proof of purchase.
export { linesReceivedBy } from './orders.purchases';
// Logistics places units no warehouse can fill (the automatic distributor rule).
export { setUnroutedUnitsHandler, type UnroutedUnitsHandler } from './orders.unrouted';
