import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { users } from '../../db/schema';
import { queueEmail } from '../../integrations/email/outbox';
import { logOrderChange } from './orders.log';

/**
 * A saved card's bank wanted the cardholder (Stripe: authentication_required), so nothing was
 * charged: the order's buyer gets the link of a Stripe page to pay it on, in the same
 * transaction as the pending payment it opens.
 */
export async function mailPaymentLink(
  tx: DbOrTx,
  order: { id: number; number: string | null; status: string; userId: number; totalCents: number },
  url: string,
) {
  const [buyer] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, order.userId));
  const amount = `$${(order.totalCents / 100).toFixed(2)}`;
  if (buyer?.email)
    await queueEmail(tx, {
      to: buyer.email,
      subject: `Please confirm the card payment of order ${order.number ?? order.id}`,
      text: `Hello ${buyer.name},\n\nyour bank asks you to confirm the payment of ${amount} for order ${order.number ?? order.id}. Pay it here:\n\n${url}\n\nTread`,
      kind: 'payment_link',
      meta: { orderId: order.id },
    });
  await logOrderChange(
    tx,
    order,
    null,
    'The saved card needs the cardholder: payment link e-mailed to the buyer',
  );
}
