// The installer module's public entry: installer orders and installer locations. The bill run
// reads the mounting labour from here (mountedLabour). An installer's service price list and the
// price per tire the order pricing reads (installerServicesFor) are the module installer-services:
// this entry reaches the orders module (through logistics), so the orders cannot import it.
export { registerInstallerLocation, listVendorInstallerLocations } from './installer.locations';
export {
  correctInstallerOrder,
  listInstallerOrders,
  listStaffInstallerOrders,
  mountedLabour,
  updateInstallerOrder,
} from './installer.orders';
