import { can, type Permission, type Role } from './roles';

/**
 * Who may read the audit history of which records (docs/security.md): the roles that work
 * on a record in the console read its history, so a record's history is as open as its console
 * page. An entity not named here (users, tokens, the mailbox, suppliers, warehouses, stock, the
 * catalogue, and anything new) is for admins only.
 */
export const auditReaders: Readonly<Record<string, Permission>> = {
  company: 'staff',
  location: 'staff',
  group: 'staff',
  order: 'staff',
  quote: 'staff',
  installer_order: 'staff',
  review: 'staff',
  review_image: 'staff',
  markup_rule: 'staff',
  pricing: 'staff',
  price_group: 'staff',
  discount: 'staff',
  wholesale_application: 'sales',
  price_group_floor: 'sales',
  advertised_minimum: 'sales',
  return: 'afterSales',
  claim: 'afterSales',
  refund: 'afterSales',
  payment: 'finance',
  bill: 'finance',
  comp_plan: 'finance',
  comp_record: 'finance',
  contact_message: 'support',
};

/** Whether this role may read the history of this kind of record. */
export function canReadAudit(role: Role, entity: string): boolean {
  if (role === 'admin') return true;
  const permission = Object.hasOwn(auditReaders, entity) ? auditReaders[entity] : undefined;
  return permission !== undefined && can(role, permission);
}

/** The kinds of record this role may read the history of; null: every kind (admins). */
export function readableAuditEntities(role: Role): string[] | null {
  if (role === 'admin') return null;
  return Object.keys(auditReaders).filter((e) => canReadAudit(role, e));
}
