import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReturnReason } from '../../../domain/aftersales-status';
import { refundLine, type SoldLine } from '../../../domain/aftersales-money';
import { nothingRefunded } from '../../../domain/refund-charges';
import { renderApp } from '../../test/render';
import { held, problem, type SentRequest, stubServer } from '../../test/server-stub';
import { AfterSalesDetail } from './AfterSalesDetail';
import type { RefundView, ReturnView } from './aftersales.api';

// The order: 4 tires at $99.99 with $3.33 off each, and 2 more at $150.00; $25.01 shipping,
// shared by the lines by quantity ($16.67 and $8.34); no tax or fees.
const charges = { fetUnitCents: 0, tireFeeUnitCents: 0, servicesUnitCents: 0, taxCents: 0 };
const sold: SoldLine[] = [
  {
    orderItemId: 71,
    quantity: 4,
    unitPriceCents: 9_999,
    unitDiscountCents: 333,
    roadHazard: false,
    roadHazardUnitCents: 0,
    ...charges,
    shippingCents: 1_667,
  },
  {
    orderItemId: 72,
    quantity: 2,
    unitPriceCents: 15_000,
    unitDiscountCents: 0,
    roadHazard: true,
    roadHazardUnitCents: 1_599,
    ...charges,
    shippingCents: 834,
  },
];
const description = { 71: 'Michelin Defender 215/60R16', 72: 'Bridgestone Blizzak 215/60R16' } as const;

function aReturn(patch: Partial<ReturnView> = {}): ReturnView {
  return {
    returnId: 5,
    number: 'R-000005',
    orderId: 41,
    orderNumber: 'T-000041',
    companyId: 3,
    companyName: 'Peachtree Tire & Auto',
    status: 'received',
    reason: 'not_needed',
    units: 4,
    createdAt: '2026-11-20T10:00:00.000Z',
    note: '',
    warehouseId: 1,
    warehouseName: 'Atlanta',
    restockingFeeBasisPoints: 1500,
    items: [
      {
        returnItemId: 1,
        orderItemId: 71,
        productId: 11,
        skuCode: 'MI-DEF-2156016',
        description: description[71],
        quantity: 4,
        receivedQuantity: 3,
        scrappedQuantity: 0,
        photos: [],
      },
      {
        returnItemId: 2,
        orderItemId: 72,
        productId: 12,
        skuCode: 'BS-BLZ-2156016',
        description: description[72],
        quantity: 1,
        receivedQuantity: 0,
        scrappedQuantity: 0,
        photos: [],
      },
    ],
    log: [],
    nextStatuses: [],
    actions: [],
    refunds: [],
    shipTo: null,
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...patch,
  };
}

/** The preview as the server computes it: the domain's refund rule on the units asked for. */
function previewOf(request: SentRequest, refundableCents: number, needsApproval = false) {
  const body = request.body as { items: { orderItemId: number; quantity: number }[]; reason: ReturnReason };
  const lines = body.items.map((u) => {
    const line = sold.find((l) => l.orderItemId === u.orderItemId)!;
    return {
      ...refundLine(line, u.quantity, nothingRefunded(), body.reason),
      description: description[u.orderItemId as 71 | 72],
    };
  });
  const totalCents = lines.reduce((s, l) => s + l.totalCents, 0);
  return { body: { data: { lines, totalCents, refundableCents, needsApproval } } };
}

const PREVIEW_PATH = '/api/v1/order/41/refund/preview';
let server: ReturnType<typeof stubServer>;
let current: ReturnView;
beforeEach(() => {
  current = aReturn();
  server = stubServer()
    .on('GET', '/api/v1/return/5', () => ({ body: { data: current } }))
    .on('POST', PREVIEW_PATH, (r) => previewOf(r, 123_456));
});

const drawReturn = () =>
  renderApp(<AfterSalesDetail kind="return" />, { path: '/admin/returns/:id', at: '/admin/returns/5' });
const previewButton = () => screen.findByRole('button', { name: 'Preview refund' });

/** The refund lines table as rows of cell texts (the header row left out). */
function previewRows() {
  const table = screen.getByRole('columnheader', { name: 'Restocking' }).closest('table')!;
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
}

describe('the refund preview of a received return', () => {
  it('asks for the units received back only, and shows each line and the refund in dollars and cents', async () => {
    const { user } = drawReturn();
    await user.click(await previewButton());

    expect(await screen.findByRole('button', { name: 'Refund $246.48' })).toBeEnabled();
    expect(server.sent('POST', PREVIEW_PATH).map((r) => r.body)).toEqual([
      { items: [{ orderItemId: 71, quantity: 3 }], reason: 'not_needed' },
    ]);
    // 3 × $99.99 less 3 × $3.33, less the 15 % restocking fee of $289.98 ($43.497, to the cent: $43.50).
    expect(previewRows()).toEqual([
      [description[71], '3', '$299.97', '-$9.99', '$0.00', '$0.00', '$0.00', '$0.00', '-$43.50', '$246.48'],
    ]);
    expect(screen.getByText('$1,234.56 of the order can still be refunded')).toBeVisible();
  });

  it("a defect gives back the units' share of shipping, rounded down to the cent, and no restocking fee", async () => {
    current = aReturn({ reason: 'defective' });
    const { user } = drawReturn();
    await user.click(await previewButton());

    // The line's $16.67 shipping over its 4 tires: $4.16 a tire (rounded down) for 3 of them.
    expect(await screen.findByRole('button', { name: 'Refund $302.46' })).toBeVisible();
    expect(previewRows()).toEqual([
      [description[71], '3', '$299.97', '-$9.99', '$0.00', '$12.48', '$0.00', '$0.00', '$0.00', '$302.46'],
    ]);
  });

  it("says when the refund would wait for finance's approval", async () => {
    server.on('POST', PREVIEW_PATH, (r) => previewOf(r, 123_456, true));
    const { user } = drawReturn();
    await user.click(await previewButton());

    expect(
      await screen.findByText(
        "$1,234.56 of the order can still be refunded · with the order's other refunds above the threshold: finance approves it",
      ),
    ).toBeVisible();
  });

  it('shows why the server refuses a preview, and offers no refund', async () => {
    server.on('POST', PREVIEW_PATH, problem(400, 'Only 1 units of that item are left to refund'));
    const { user } = drawReturn();
    await user.click(await previewButton());

    expect(await screen.findByText('Only 1 units of that item are left to refund')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Refund \$/ })).not.toBeInTheDocument();
  });

  it('never offers more than what is left to refund, and names the capped amount when it refunds', async () => {
    server.on('POST', PREVIEW_PATH, (r) => previewOf(r, 10_000));
    const { user } = drawReturn();
    await user.click(await previewButton());

    expect(await screen.findByText('$100.00 of the order can still be refunded')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Refund $246.48' })).not.toBeInTheDocument();
    server.on('POST', '/api/v1/refund', { status: 201, body: { data: { refundId: 17 } } });
    await user.click(screen.getByRole('button', { name: 'Refund $100.00' }));
    await waitFor(() => expect(server.sent('POST', '/api/v1/refund')).toHaveLength(1));
    expect(server.sent('POST', '/api/v1/refund')[0].body).toEqual({
      orderId: 41,
      returnId: 5,
      amountCents: 10_000,
    });
  });

  it('a return not yet received offers no refund, and a refunded one lists its refunds with their amounts', async () => {
    current = aReturn({ status: 'approved' });
    const { unmount } = drawReturn();
    expect(await screen.findByText('R-000005', { exact: false })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Preview refund' })).not.toBeInTheDocument();
    unmount();

    current = aReturn({
      status: 'refunded',
      refunds: [{ refundId: 17, status: 'processed', amountCents: 24_648 }],
    });
    drawReturn();
    const link = await screen.findByRole('link', { name: 'Refund 17' });
    expect(link.parentElement).toHaveTextContent('Refund 17: $246.48 · processed');
  });
});

describe('making the refund of a return', () => {
  const REFUND_PATH = '/api/v1/refund';

  it('sends the order and the return once, with an idempotency key, and says the refund is made', async () => {
    const answer = held();
    server.on('POST', REFUND_PATH, answer.answer);
    const { user } = drawReturn();
    await user.click(await previewButton());
    await user.click(await screen.findByRole('button', { name: 'Refund $246.48' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Refund $246.48' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Refund $246.48' }));
    current = aReturn({
      status: 'refunded',
      refunds: [{ refundId: 17, status: 'processed', amountCents: 24_648 }],
    });
    answer.release({ status: 201, body: { data: { refundId: 17 } } });

    expect(await screen.findByText('Refund made')).toBeVisible();
    const sent = server.sent('POST', REFUND_PATH);
    expect(sent.map((r) => r.body)).toEqual([{ orderId: 41, returnId: 5 }]);
    expect(sent[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    // The return is read again: refunded now, with its refund listed.
    expect(await screen.findByRole('link', { name: 'Refund 17' })).toBeVisible();
  });

  it("shows the server's refusal of the refund (409) and makes no other", async () => {
    server.on(
      'POST',
      REFUND_PATH,
      problem(409, 'Only $100.00 of this order can still be refunded', { reason: 'over_refund' }),
    );
    const { user } = drawReturn();
    await user.click(await previewButton());
    await user.click(await screen.findByRole('button', { name: 'Refund $246.48' }));

    expect(await screen.findByText('Only $100.00 of this order can still be refunded')).toBeVisible();
    expect(server.sent('POST', REFUND_PATH)).toHaveLength(1);
  });

  it('once a refund of the return waits for finance, the return offers no second refund', async () => {
    server.on('POST', REFUND_PATH, () => {
      current = aReturn({ refunds: [{ refundId: 17, status: 'pending', amountCents: 24_648 }] });
      return { status: 201, body: { data: { refundId: 17 } } };
    });
    const { user } = drawReturn();
    await user.click(await previewButton());
    await user.click(await screen.findByRole('button', { name: 'Refund $246.48' }));

    expect(await screen.findByText('Refund made')).toBeVisible();
    await waitFor(() => expect(server.sent('GET', '/api/v1/return/5')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Refund $246.48' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Refund 17' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Preview refund' })).not.toBeInTheDocument();
  });
});

describe("finance's decision on a refund", () => {
  const aRefund = (patch: Partial<RefundView> = {}): RefundView => ({
    refundId: 17,
    orderId: 41,
    orderNumber: 'T-000041',
    companyId: 3,
    companyName: 'Peachtree Tire & Auto',
    returnId: 5,
    claimId: null,
    status: 'pending',
    amountCents: 123_450,
    needsApproval: true,
    createdAt: '2026-11-25T10:00:00.000Z',
    reason: 'defective',
    lines: [],
    refundedCents: 0,
    creditedCents: 0,
    createdBy: 'Sam Support',
    approvedBy: null,
    processedAt: null,
    vendors: [],
    log: [],
    nextStatuses: ['approved', 'failed'],
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...patch,
  });

  it('approves exactly the amount shown, and a refund changed since (409) is refused with its message', async () => {
    server
      .on('GET', '/api/v1/refund/17', { body: { data: aRefund() } })
      .on(
        'PUT',
        '/api/v1/refund/status',
        problem(409, 'The refund changed since you read it', { reason: 'amount_changed' }),
      );
    const { user } = renderApp(<AfterSalesDetail kind="refund" />, {
      path: '/admin/refunds/:id',
      at: '/admin/refunds/17',
    });
    expect(await screen.findByText('$1,234.50 · by Sam Support · waits for finance')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Approve and refund $1,234.50' }));

    expect(await screen.findByText('The refund changed since you read it')).toBeVisible();
    const sent = server.sent('PUT', '/api/v1/refund/status');
    expect(sent.map((r) => r.body)).toEqual([{ refund: 17, status: 'approved', amountCents: 123_450 }]);
    expect(sent[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
