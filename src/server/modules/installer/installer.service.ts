// The installer module's public entry: installer orders and installer locations. The bill run
// reads the mounting labour and the services of mounted orders from here (mountedLabour,
// mountedServices). An installer's service price list and the
// price per tire the order pricing reads (installerServicesFor) are the module installer-services:
// this entry reaches the orders module (through logistics), so the orders cannot import it.
export { registerInstallerLocation, listVendorInstallerLocations } from './installer.locations';
export {
  correctInstallerOrder,
  listInstallerOrders,
  listStaffInstallerOrders,
  mountedLabour,
  mountedServices,
  updateInstallerOrder,
} from './installer.orders';
