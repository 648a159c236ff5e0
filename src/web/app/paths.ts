// The page paths of the web app, in one place for links and routes (the server's list of them is
// src/contract/pages.ts).
export const paths = {
  home: '/',
  orders: '/orders',
  checkout: '/checkout',
  account: '/account',
  login: '/login',
  logout: '/logout',
  reset: '/reset',
  supplier: '/supplier',
  supplierInventory: '/supplier/inventory',
  supplierBilling: '/supplier/billing',
  wholesale: '/wholesale',
  installer: '/installer',
  shop: '/shop',
  tires: '/tires',
  oeSelection: '/oe_selection',
  admin: '/admin',
} as const;
