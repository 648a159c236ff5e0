// The logistics module's public entry: fulfillments, labels, shipments and tracking. Other
// modules (after-sales) read delivered units from here.
export {
  cancelFulfillment,
  changeFulfillmentAddress,
  changeFulfillmentStatus,
  chooseRate,
  convertOrder,
  createFulfillment,
  fulfillmentRates,
  fulfillmentStatusList,
  getFulfillment,
  listFulfillments,
  proposeFulfillments,
  staffUpdateFulfillments,
} from './logistics.fulfillments';
export { generateLabel, orderLabels, printLabels } from './logistics.labels';
export { deliveredUnits } from './logistics.shipments';
export {
  applyTrackingScan,
  changeShipmentStatus,
  courierDepots,
  createShipment,
  getShipment,
  listShipments,
  orderDelivery,
  scansToSend,
  shipmentAction,
  shipmentStatusList,
  trackingCouriers,
  updateShipment,
} from './logistics.tracking';
export { cancelPickup, pickupAvailability, schedulePickup } from './logistics.pickups';
export { redirectOrderShipping } from './logistics.redirect';
export { returnLabelsPdf } from './logistics.return-labels';
export {
  advanceDistributorOrder,
  cancelDistributorOrder,
  distributorLocations,
  distributorOrderByReference,
  distributorStatusList,
  distributorStock,
  listDistributorOrders,
  offersForOrder,
  sendToDistributor,
} from './logistics.distributors';
export { sendUnroutedByRule } from './logistics.distributor-rule';
