import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '../../../contract/order-shapes';
import { renderApp } from '../../test/render';
import { stubServer } from '../../test/server-stub';
import { CardCheckoutReturn, type CheckoutReturn } from './CardCheckoutReturn';
import { useMyOrderQuery } from './orders.api';

const leaveFor = vi.hoisted(() => vi.fn());
vi.mock('../../lib/leave-for', () => ({ leaveFor }));

const ORDER = '/api/order/7';
const CANCEL = '/api/v1/order/7/stripe/session/cancel';
const SESSION = '/api/v1/order/7/stripe/session';

/** Only what the return reads of an order matters here. */
const order = (status: string, paymentStatus: string, stripe: string) =>
  ({
    orderId: 7,
    number: 'TR-000007',
    status,
    paymentStatus,
    paymentMethod: 'card',
    totalCents: 73_88,
    payments: [{ paymentId: 1, provider: 'stripe', status: stripe, amountCents: 73_88, reference: 'cs_1' }],
  }) as unknown as OrderDetail;
const waiting = order('placed', 'pending', 'pending');

/** The order page's part: the order as the page reads it, handed to the return. */
function Page({ back }: { back: CheckoutReturn }) {
  const { data } = useMyOrderQuery(7);
  return data ? <CardCheckoutReturn order={data} back={back} /> : null;
}

let now: OrderDetail;
let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  leaveFor.mockClear();
  now = waiting;
  server = stubServer()
    .on('GET', ORDER, () => ({ body: now }))
    .on('POST', CANCEL, () => {
      now = order('cancelled', 'voided', 'voided');
      return { body: { orderId: 7, status: 'cancelled', paymentStatus: 'voided' } };
    })
    .on('POST', SESSION, {
      body: { sessionId: 'cs_2', url: 'http://127.0.0.1:9/pay/cs_2', amountCents: 73_88 },
    });
});

describe('the order page back from Stripe', () => {
  it('left unpaid (?checkout=cancelled): the order is cancelled once and the page says its tires are back in stock', async () => {
    renderApp(<Page back="cancelled" />);
    expect(await screen.findByText('Order cancelled: nothing was charged')).toBeVisible();
    expect(screen.getByText(/tires held for it are back in stock/)).toBeVisible();
    // The order read again after the cancel draws the return again: it asks nothing more.
    await new Promise((done) => setTimeout(done, 300));
    expect(server.sent('POST', CANCEL)).toHaveLength(1);
    expect(server.sent('GET', ORDER).length).toBeGreaterThanOrEqual(2);
  });

  it('paid (?checkout=done): it waits for the webhook, reading the order again, until the order is paid', async () => {
    renderApp(<Page back="done" />);
    expect(await screen.findByText('Waiting for the payment to be confirmed')).toBeVisible();
    now = order('placed', 'paid', 'captured');
    expect(await screen.findByText('Payment received', {}, { timeout: 6000 })).toBeVisible();
    expect(screen.queryByText('Waiting for the payment to be confirmed')).toBeNull();
    const reads = server.sent('GET', ORDER).length;
    await new Promise((done) => setTimeout(done, 2500));
    // Paid: the page stops asking.
    expect(server.sent('GET', ORDER)).toHaveLength(reads);
  });

  it("an order still waiting for its card payment offers Pay now, which opens Stripe's page again", async () => {
    const { user } = renderApp(<Page back={null} />);
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://127.0.0.1:9/pay/cs_2'));
    expect(server.sent('POST', CANCEL)).toHaveLength(0);
  });
});
