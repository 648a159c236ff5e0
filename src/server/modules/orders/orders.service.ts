// The orders module's public entry: what other modules (the session, the seed) may use of it.
export { addToCart, cartSummary } from './orders.cart';
export { checkout } from './orders.checkout';
export { createOrder } from './orders.create';
export { cancelOrder, changeStatus, setTracking, submitOrder } from './orders.staff';
// What quotes use: the cart's shipping rule, checkout's stock rules, and placing an accepted quote.
export { placeQuotedOrder } from './orders.create';
export { shippingOfItems } from './orders.pricing';
export { reserveAllocations, unreserveAllocations } from './orders.stock';
