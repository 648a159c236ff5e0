// The catalogue's public entry: what other modules may use of it.
export { refreshProductPrices } from './catalog.prices';
