import * as audit from '../../../contract/audit';
import * as catalogRead from '../../../contract/catalog';
import * as catalog from '../../../contract/catalog-admin';
import * as comp from '../../../contract/comp';
import * as companies from '../../../contract/companies';
import * as discounts from '../../../contract/discounts';
import * as groups from '../../../contract/groups';
import * as inventory from '../../../contract/inventory';
import * as pricing from '../../../contract/pricing';
import * as suppliers from '../../../contract/suppliers';
import * as users from '../../../contract/users';
import * as wholesale from '../../../contract/wholesale';

/**
 * The back-office endpoints by name. RTK Query keys its cache by serializable arguments, so the
 * console names an endpoint ("listCompanies") instead of passing the descriptor with its schemas.
 */
export const adminEndpoints = {
  listAudit: audit.listAudit,
  listOutbox: audit.listOutbox,
  listCompanies: companies.listCompanies,
  getCompany: companies.getCompany,
  createCompany: companies.createCompany,
  updateCompany: companies.updateCompany,
  listLocations: companies.listLocations,
  createLocation: companies.createLocation,
  updateLocation: companies.updateLocation,
  listUsers: users.listUsers,
  getUser: users.getUser,
  createUser: users.createUser,
  updateUser: users.updateUser,
  setUserRole: users.setUserRole,
  listUserTokens: users.listUserTokens,
  issueUserToken: users.issueUserToken,
  revokeUserToken: users.revokeUserToken,
  listGroups: groups.listGroups,
  createGroup: groups.createGroup,
  updateGroup: groups.updateGroup,
  deleteGroup: groups.deleteGroup,
  listMarkups: pricing.listMarkups,
  createMarkup: pricing.createMarkup,
  updateMarkup: pricing.updateMarkup,
  deleteMarkup: pricing.deleteMarkup,
  previewMarkup: pricing.previewMarkup,
  recomputePrices: pricing.recomputePrices,
  listPriceGroups: pricing.listPriceGroups,
  createPriceGroup: pricing.createPriceGroup,
  updatePriceGroup: pricing.updatePriceGroup,
  listPricing: pricing.listPricing,
  listDiscounts: discounts.listDiscounts,
  createDiscount: discounts.createDiscount,
  updateDiscount: discounts.updateDiscount,
  deleteDiscount: discounts.deleteDiscount,
  listPlans: comp.listPlans,
  createPlan: comp.createPlan,
  updatePlan: comp.updatePlan,
  listRecords: comp.listRecords,
  createRecord: comp.createRecord,
  waiveRecords: comp.waiveRecords,
  listApplications: wholesale.listApplications,
  approveApplication: wholesale.approveApplication,
  rejectApplication: wholesale.rejectApplication,
  listResellerAccounts: wholesale.listResellerAccounts,
  listSuppliers: suppliers.listSuppliers,
  getSupplier: suppliers.getSupplier,
  createSupplier: suppliers.createSupplier,
  updateSupplier: suppliers.updateSupplier,
  listWarehouses: inventory.listWarehouses,
  getWarehouse: inventory.getWarehouse,
  createWarehouse: inventory.createWarehouse,
  updateWarehouse: inventory.updateWarehouse,
  listFailedRows: inventory.listFailedRows,
  listInventory: inventory.listInventory,
  setInventory: inventory.setInventory,
  listMakes: catalogRead.v1Makes.list,
  getMake: catalogRead.v1Makes.get,
  createMake: catalog.createMake,
  updateMake: catalog.updateMake,
  listCategories: catalogRead.v1Categories.list,
  getCategory: catalogRead.v1Categories.get,
  createCategory: catalog.createCategory,
  updateCategory: catalog.updateCategory,
  listModels: catalogRead.v1ListModels,
  getModel: catalogRead.v1GetModel,
  createModel: catalog.createModel,
  updateModel: catalog.updateModel,
  listProducts: catalogRead.v1ListProducts,
  getProduct: catalogRead.v1GetProduct,
  createProduct: catalog.createProduct,
  updateProduct: catalog.updateProduct,
} as const;
export type AdminKey = keyof typeof adminEndpoints;
