// The orders module's public entry: what other modules (the session, the seed) may use of it.
export { addToCart, cartSummary } from './orders.cart';
export { checkout } from './orders.checkout';
export { createOrder } from './orders.create';
export { cancelOrder, changeStatus, setTracking, submitOrder } from './orders.staff';
export { receivedLines } from './orders.purchases.repository';
