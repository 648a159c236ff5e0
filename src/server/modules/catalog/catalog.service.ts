// The catalogue's public entry: what other modules may use of it (prices per group).
export { previewPrices, refreshProductPrices } from './catalog.prices';
