// The logistics pages of the staff console, one chunk loaded when first opened.
export { FulfillmentDetailPage, FulfillmentsConsolePage } from './FulfillmentsConsole';
export { ShipmentDetailPage, ShipmentsConsolePage } from './ShipmentsConsole';
