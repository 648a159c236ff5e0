// Who may do what (see docs/domain.md). The one place that maps roles to permissions: the server's
// route() checks these, and the web app reads them to show or hide areas.

export const roles = [
  'buyer',
  'company_admin',
  'supplier',
  'installer',
  'reseller',
  'sales',
  'support',
  'finance',
  'admin',
] as const;
export type Role = (typeof roles)[number];

export const staffRoles: readonly Role[] = ['sales', 'support', 'finance', 'admin'];

const permissionRoles = {
  /** search, cart, checkout, own company's orders, returns and claims */
  shop: [
    'buyer',
    'company_admin',
    'reseller',
    'supplier',
    'installer',
    'sales',
    'support',
    'finance',
    'admin',
  ],
  /** company users, locations, saved payment methods, company details */
  companyAdmin: ['company_admin', 'admin'],
  supplier: ['supplier', 'admin'],
  installer: ['installer', 'admin'],
  /** installer locations: an installer lists and registers its company's, staff every one */
  installerLocations: ['installer', 'sales', 'support', 'finance', 'admin'],
  resale: ['reseller', 'sales', 'admin'],
  /** see fulfillments and labels: suppliers their own, staff all */
  fulfillment: ['supplier', 'sales', 'support', 'finance', 'admin'],
  /** make fulfillments, buy and void labels, book pickups: suppliers their own, staff support */
  shipping: ['supplier', 'support', 'admin'],
  /** any staff member: the back-office console */
  staff: ['sales', 'support', 'finance', 'admin'],
  sales: ['sales', 'admin'],
  support: ['support', 'admin'],
  /** returns, claims and refunds: support handles them, finance gives the money back */
  afterSales: ['support', 'finance', 'admin'],
  finance: ['finance', 'admin'],
  /**
   * Money and scope settings: credit limits, payment terms, a location's supplier and price
   * group. Sales edits the rest of a company or location (the server checks these fields).
   */
  moneySettings: ['finance', 'admin'],
  /** Creating and editing companies and locations: sales for the details, finance for the money. */
  companySettings: ['sales', 'finance', 'admin'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissionRoles;

export function can(role: Role, permission: Permission): boolean {
  return (permissionRoles[permission] as readonly Role[]).includes(role);
}

export function isStaff(role: Role): boolean {
  return staffRoles.includes(role);
}
