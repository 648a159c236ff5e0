import type { FastifyInstance } from 'fastify';
import { sessionsRoutes } from './sessions/sessions.routes';
import { auditRoutes } from './audit/audit.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { catalogAdminRoutes } from './catalog-admin/catalog-admin.routes';
import { compRoutes } from './comp/comp.routes';
import { companiesRoutes } from './companies/companies.routes';
import { discountsRoutes } from './discounts/discounts.routes';
import { groupsRoutes } from './groups/groups.routes';
import { healthRoutes } from './health/health.routes';
import { inventoryRoutes } from './inventory/inventory.routes';
import { logisticsRoutes } from './logistics/logistics.routes';
import { cartRoutes } from './orders/orders.cart.routes';
import { orderPaymentRoutes } from './orders/orders.payment.routes';
import { orderApprovalRoutes } from './orders/orders.approval.routes';
import { ordersRoutes } from './orders/orders.routes';
import { ordersStaffRoutes } from './orders/orders.staff.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { pricingRoutes } from './pricing/pricing.routes';
import { quotesRoutes } from './quotes/quotes.routes';
import { searchRoutes } from './search/search.routes';
import { shippingRoutes } from './shipping/shipping.routes';
import { sizingRoutes } from './sizing/sizing.routes';
import { suppliersRoutes } from './suppliers/suppliers.routes';
import { vehiclesRoutes } from './vehicles/vehicles.routes';
import { usersRoutes } from './users/users.routes';
import { wholesaleRoutes } from './wholesale/wholesale.routes';
import { aftersalesRoutes } from './aftersales/aftersales.routes';
import { reviewsRoutes } from './reviews/reviews.routes';
import { comparisonsRoutes } from './comparisons/comparisons.routes';
import { marketingRoutes } from './marketing/marketing.routes';
import { installerRoutes } from './installer/installer.routes';
import { exemptionsRoutes } from './exemptions/exemptions.routes';
import { taxRoutes } from './tax/tax.routes';
import { installerServicesRoutes } from './installer-services/installer-services.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { deliveryRoutes } from './delivery/delivery.routes';
import { fleetRoutes } from './fleet/fleet.routes';
import { approvalsRoutes } from './approvals/approvals.routes';

/** The areas of the API, registered in this order. */
export function registerModules(app: FastifyInstance) {
  healthRoutes(app);
  sessionsRoutes(app);
  // Catalogue and search
  catalogRoutes(app);
  sizingRoutes(app);
  searchRoutes(app);
  shippingRoutes(app);
  // Cart, checkout, payments and orders
  cartRoutes(app);
  orderPaymentRoutes(app);
  paymentsRoutes(app);
  ordersRoutes(app);
  orderApprovalRoutes(app);
  ordersStaffRoutes(app);
  logisticsRoutes(app);
  // Back office
  auditRoutes(app);
  companiesRoutes(app);
  usersRoutes(app);
  groupsRoutes(app);
  pricingRoutes(app);
  discountsRoutes(app);
  suppliersRoutes(app);
  inventoryRoutes(app);
  wholesaleRoutes(app);
  compRoutes(app);
  catalogAdminRoutes(app);
  vehiclesRoutes(app);
  // After-sales: returns, claims, refunds, bills
  aftersalesRoutes(app);
  quotesRoutes(app);
  // Reviews, comparisons, newsletter and contact
  reviewsRoutes(app);
  comparisonsRoutes(app);
  marketingRoutes(app);
  // Installer area: orders delivered to installers, installer locations
  installerRoutes(app);
  // Sales tax exemption certificates: uploads, finance's verification, expiry
  exemptionsRoutes(app);
  // Tax data: rates, taxability, tire fees, the ZIP-rate import
  taxRoutes(app);
  // Installer service price lists (mount and balance, valve kit, disposal per tire)
  installerServicesRoutes(app);
  // Outbound webhooks to the companies' own systems: endpoints, delivery log, the worker
  webhooksRoutes(app);
  // The delivery promise: warehouses' cut-offs and calendars, arrives by
  deliveryRoutes(app);
  // The fleet roster per location: units, their OE sizes, the cart and order lines that name them
  fleetRoutes(app);
  // A company's buying rules (a PO number required at checkout)
  approvalsRoutes(app);
}
