// The company's automatic distributor rule (docs/logistics.md, "Distributors"): units that no
// warehouse can fill after a supplier cancelled their line go to a distributor by themselves, in
// the cancellation's transaction. Orders calls it through its unrouted-units hook (registered in
// logistics.routes.ts), so orders never imports logistics.
import { pickDistributors } from '../../../domain/distributor-auto-send';
import { isRoutableOrder, type OrderStatus } from '../../../domain/order-status';
import { distributorProfiles } from '../../integrations/distributors/distributor-sandbox';
import { writeAudit } from '../audit/audit.service';
import { distributorAutoSendOf } from '../companies/companies.service';
import type { UnroutedUnitsHandler } from '../orders/orders.service';
import { distributorOffers, lockDistributorStock, placeDistributorOrder } from './logistics.distributors';

/**
 * With the company's rule on (cheapest or fastest), the first distributor in the rule's order
 * that has every unit free gets them; else they are split across distributors in that order, and
 * what none has stays unrouted for staff. Answers the order log's note (null when the rule is
 * off); the audit log records the distributor orders made.
 */
export const sendUnroutedByRule: UnroutedUnitsHandler = async (tx, actor, units) => {
  const mode = await distributorAutoSendOf(tx, units.order.companyId);
  if (mode === 'off') return null;
  const rule = `Automatic distributor rule (${mode})`;
  const what = `${units.quantity} × ${units.skuCode}`;
  if (!isRoutableOrder(units.order.status as OrderStatus))
    return `${rule}: ${what} left unrouted for staff: an order that is ${units.order.status} sends nothing to a distributor`;
  await lockDistributorStock(tx, [units.productId]);
  const offers = await distributorOffers(tx, [units.productId]);
  const { picks, left } = pickDistributors(mode, offers, units.quantity);
  if (!picks.length) return `${rule}: no distributor has ${what} free; left unrouted for staff`;
  const sent = [];
  for (const { offer, quantity } of picks) {
    const line = {
      orderItemId: units.orderItemId,
      productId: units.productId,
      quantity,
      unitCostCents: offer.unitCostCents,
    };
    const placed = await placeDistributorOrder(
      tx,
      { id: units.order.id, zip: units.order.deliveryZip },
      offer.distributor,
      [line],
      { userId: null, autoRule: mode },
    );
    sent.push({ ...placed, distributor: offer.distributor, quantity, unitCostCents: offer.unitCostCents });
  }
  await writeAudit(tx, actor, {
    entity: 'order',
    entityId: units.order.id,
    action: 'distributor_auto_send',
    after: { rule: mode, cause: units.cause, orderItemId: units.orderItemId, sent, leftUnrouted: left },
  });
  const to = sent
    .map((s) => `${s.quantity} to ${distributorProfiles[s.distributor].name} (${s.reference})`)
    .join(', ');
  const rest = left ? `; ${left} left unrouted for staff: no distributor has more free` : '';
  return `${rule}: ${what} sent: ${to}${rest}`;
};
