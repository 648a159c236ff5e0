// The installer module's public entry: installer orders and installer locations. The bill run
// reads the mounting labour from here (mountedLabour).
export { registerInstallerLocation, listVendorInstallerLocations } from './installer.locations';
export {
  correctInstallerOrder,
  listInstallerOrders,
  listStaffInstallerOrders,
  mountedLabour,
  updateInstallerOrder,
} from './installer.orders';
