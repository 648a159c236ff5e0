import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { problem, stubServer } from '../../test/server-stub';
import { AfterSalesDetail } from './AfterSalesDetail';
import type { ClaimView } from './aftersales.api';

function aClaim(patch: Partial<ClaimView> = {}): ClaimView {
  return {
    claimId: 9,
    orderId: 41,
    orderNumber: 'T-000041',
    orderItemId: 71,
    tire: 'Michelin Defender 215/60R16',
    companyId: 3,
    companyName: 'Peachtree Tire & Auto',
    status: 'under_review',
    damagedOn: '2026-11-02',
    coveredCents: 9_375,
    createdAt: '2026-11-03T10:00:00.000Z',
    remainingTread32: 7,
    newTread32: 10,
    odometerMiles: 12_400,
    description: 'Nail in the shoulder',
    installerCompanyId: null,
    installerName: null,
    photos: [],
    priceCents: 15_000,
    usableShareBasisPoints: 6_250,
    settlement: null,
    labourCents: 0,
    replacementOrderId: null,
    refunds: [],
    log: [],
    nextStatuses: [],
    actions: ['approve', 'deny'],
    updatedAt: '2026-11-03T10:00:00.000Z',
    ...patch,
  };
}

const ACTION_PATH = '/api/v1/claim/9/action';
let server: ReturnType<typeof stubServer>;
let current: ClaimView;
beforeEach(() => {
  current = aClaim();
  server = stubServer()
    .on('GET', '/api/v1/claim/9', () => ({ body: { data: current } }))
    .on('POST', ACTION_PATH, () => ({ body: { data: current } }));
});

const drawClaim = () =>
  renderApp(<AfterSalesDetail kind="claim" />, { path: '/admin/claims/:id', at: '/admin/claims/9' });

describe('settling a road hazard claim', () => {
  it('shows the proration: the price paid times the usable tread is what is covered', async () => {
    drawClaim();

    expect(
      await screen.findByText('Price $150.00 × 62.50 % usable tread = covered', { exact: false }),
    ).toHaveTextContent('Price $150.00 × 62.50 % usable tread = covered $93.75');
  });

  it("an installer's labour typed in dollars is sent in whole cents with the approval and its settlement", async () => {
    const { user } = drawClaim();
    // 19.99 × 100 is 1998.9999999999998 in floating point.
    await user.type(await screen.findByRole('textbox', { name: 'Installer labour ($)' }), '19.99');
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(server.sent('POST', ACTION_PATH)).toHaveLength(1));
    const [sent] = server.sent('POST', ACTION_PATH);
    expect(sent.body).toEqual({ action: 'approve', settlement: 'credit', labourCents: 1_999 });
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Claim: approve')).toBeVisible();
  });

  it('paying an approved credit offers exactly the covered amount and its sales tax, and a refusal is shown with its message', async () => {
    current = aClaim({ status: 'approved', settlement: 'credit', actions: ['pay'] });
    server.on('POST', ACTION_PATH, problem(409, 'Only $50.00 of this order can still be refunded'));
    const { user } = drawClaim();
    await user.click(await screen.findByRole('button', { name: 'Pay $93.75 and its sales tax' }));

    expect(await screen.findByText('Only $50.00 of this order can still be refunded')).toBeVisible();
    expect(server.sent('POST', ACTION_PATH).map((r) => r.body)).toEqual([{ action: 'pay' }]);
  });
});
