import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QuoteDetail, QuoteItem, QuoteOption } from '../../../contract/quotes';
import { renderApp } from '../../test/render';
import { held, problem, type SentRequest, stubServer } from '../../test/server-stub';
import { QuoteWorkspace } from './QuoteWorkspace';

const SHIPPING_CENTS = 1_200;
/** Tax of the stub's pricing: 7 % of the tires, to the cent. */
const taxOf = (cents: number) => Math.round((cents * 7) / 100);

function option(tier: 'good' | 'better', unitPriceCents: number, quantity: number): QuoteOption {
  const good = tier === 'good';
  return {
    id: good ? 301 : 302,
    itemId: 11,
    tier,
    productId: good ? 501 : 502,
    makeId: 1,
    modelId: 2,
    skuCode: good ? 'KU-ECSTA-2254517' : 'MI-PS4S-2254517',
    makeName: good ? 'Kumho' : 'Michelin',
    modelName: good ? 'Ecsta PA51' : 'Pilot Sport 4S',
    size: '225/45R17',
    loadIndex: 94,
    speedIndex: 'W',
    quantity,
    listPriceCents: good ? 7_499 : 12_999,
    unitPriceCents,
    priceSource: 'list',
    roadHazardUnitCents: 0,
    shippingCents: SHIPPING_CENTS,
    fetUnitCents: 0,
    tireFeeUnitCents: 0,
    servicesUnitCents: 0,
    taxCents: taxOf(quantity * unitPriceCents),
    lineTotalCents: quantity * unitPriceCents + SHIPPING_CENTS + taxOf(quantity * unitPriceCents),
    available: 40,
    distributor: null,
    arrivesBy: null,
    plusSize: false,
    reason: 'In stock at Atlanta',
    costCents: good ? 5_200 : 9_800,
    floorCents: good ? 5_800 : 10_900,
    belowFloor: false,
  };
}

/** A quote of one line (4 × 225/45R17) as the server prices it, or its draft without options. */
function quote({ quantity = 4, good = 6_999, better = 12_345, withOptions = true } = {}): {
  data: QuoteDetail;
} {
  const options = withOptions ? [option('good', good, quantity), option('better', better, quantity)] : [];
  const item: QuoteItem = {
    id: 11,
    position: 0,
    size: '225/45R17',
    vehicle: null,
    mpn: null,
    quantity,
    roadHazard: false,
    constraints: {},
    problem: null,
    chosenOptionId: null,
    options,
  };
  const totals = (unit: number) => {
    const subtotalCents = quantity * unit;
    const taxCents = taxOf(subtotalCents);
    return {
      subtotalCents,
      discountCents: 0,
      roadHazardCents: 0,
      shippingCents: SHIPPING_CENTS,
      fetCents: 0,
      tireFeeCents: 0,
      servicesCents: 0,
      taxCents,
      totalCents: subtotalCents + SHIPPING_CENTS + taxCents,
    };
  };
  return {
    data: {
      id: 7,
      status: withOptions ? 'options_ready' : 'draft',
      title: 'Fleet winter set',
      companyId: 3,
      companyName: 'Peachtree Tire & Auto',
      locationId: 4,
      locationName: 'Midtown',
      requesterName: 'Pat Buyer',
      ownerUserId: 12,
      ownerName: 'Sam Sales',
      lineCount: 1,
      tireCount: quantity,
      validUntil: '2026-12-31T00:00:00.000Z',
      createdAt: '2026-11-28T10:00:00.000Z',
      orderId: null,
      note: 'Needed before the first snow',
      deliveryZip: '30301',
      delivery: { kind: 'location', installerLocationId: null, installerName: null },
      tax: { state: 'GA', ratePpm: 70_000, certificate: null },
      taxedOn: '2026-11-28',
      finalizedAt: null,
      sentAt: null,
      acceptedAt: null,
      floorApprovedBy: null,
      items: [item],
      tierTotals: withOptions
        ? { good: totals(good), better: totals(better), best: null }
        : { good: null, better: null, best: null },
      job: null,
      log: [],
    },
  };
}

let server: ReturnType<typeof stubServer>;
let current: ReturnType<typeof quote>;
beforeEach(() => {
  current = quote();
  server = stubServer().on('GET', '/api/v1/quote/7', () => ({ body: current }));
});

const drawQuote = (role: 'sales' | 'finance' = 'sales') =>
  renderApp(<QuoteWorkspace />, {
    path: '/admin/quotes/:id',
    at: '/admin/quotes/7',
    state: {
      session: {
        user: {
          userId: 12,
          userName: 'sam',
          name: 'Sam Sales',
          email: 'sam@tread.test',
          role,
          companyId: 1,
          companyName: 'Tread',
        },
      },
    },
  });

/** The totals table as rows of cell texts, the header row left out. */
async function tierTotals() {
  const table = await screen.findByRole('table', { name: 'Totals per tier' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
}

/** Answers a new price of the good option as the server does: the quote re-priced. */
const repriceGood = (request: SentRequest) => {
  current = quote({ good: (request.body as { unitPriceCents: number }).unitPriceCents });
  return { body: current };
};

describe('the quote workspace: prices', () => {
  it("shows each tier's totals as money, and a tier without options as dashes", async () => {
    drawQuote();

    expect(await tierTotals()).toEqual([
      ['Good', '$279.96', '$0.00', '$0.00', '$12.00', '$0.00', '$0.00', '$0.00', '$19.60', '$311.56'],
      ['Better', '$493.80', '$0.00', '$0.00', '$12.00', '$0.00', '$0.00', '$0.00', '$34.57', '$540.37'],
      ['Best', '—', '—', '—', '—', '—', '—', '—', '—', '—'],
    ]);
    const good = screen.getByTestId('option-301');
    expect(good).toHaveTextContent('$69.99 per tire (list) · shipping $12.00');
    expect(good).toHaveTextContent('tax $19.60');
    expect(good).toHaveTextContent('Line $311.56');
  });

  it('a price per tire typed in dollars is sent as whole cents, with no error of floating point', async () => {
    server.on('PUT', '/api/v1/quote/option/301/price', repriceGood);
    const { user } = drawQuote();
    const price = await screen.findByRole('textbox', { name: 'Price per tire, good' });
    await user.clear(price);
    // 64.29 × 100 is 6429.000000000001 in floating point.
    await user.type(price, '64.29');
    await user.click(within(screen.getByTestId('option-301')).getByRole('button', { name: 'Set' }));

    await waitFor(() => expect(server.sent('PUT', '/api/v1/quote/option/301/price')).toHaveLength(1));
    expect(server.sent('PUT', '/api/v1/quote/option/301/price')[0].body).toEqual({ unitPriceCents: 6_429 });
    // The quote is read again, with the new price and its totals.
    await waitFor(() => expect(screen.getByTestId('option-301')).toHaveTextContent('Line $287.16'));
    expect((await tierTotals())[0]).toEqual([
      'Good',
      '$257.16',
      '$0.00',
      '$0.00',
      '$12.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$18.00',
      '$287.16',
    ]);
  });

  it('a price under the floor is refused by the server: its message is shown at the option, and it is sent once', async () => {
    server.on(
      'PUT',
      '/api/v1/quote/option/301/price',
      problem(409, 'The price is below the floor of $58.00', { code: 'below_floor' }),
    );
    const { user } = drawQuote();
    const price = await screen.findByRole('textbox', { name: 'Price per tire, good' });
    await user.clear(price);
    await user.type(price, '50');
    await user.click(within(screen.getByTestId('option-301')).getByRole('button', { name: 'Set' }));

    expect(
      await within(screen.getByTestId('option-301')).findByText('The price is below the floor of $58.00'),
    ).toBeVisible();
    expect(server.sent('PUT', '/api/v1/quote/option/301/price').map((r) => r.body)).toEqual([
      { unitPriceCents: 5_000 },
    ]);
    expect(screen.getByTestId('option-301')).toHaveTextContent('$69.99 per tire (list)');
  });

  it('one price for every option of a line is sent in cents, and is not offered before a price is typed', async () => {
    const answer = held();
    server.on('POST', '/api/v1/quote/item/11/unified-pricing', answer.answer);
    const { user } = drawQuote();
    const one = await screen.findByRole('button', { name: 'One price for all options' });
    expect(one).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'One price for line 1' }), '99.5');
    await user.click(one);
    await waitFor(() => expect(one).toBeDisabled());
    await user.click(one);
    answer.release({ body: current });

    await waitFor(() => expect(one).toBeEnabled());
    expect(server.sent('POST', '/api/v1/quote/item/11/unified-pricing').map((r) => r.body)).toEqual([
      { unitPriceCents: 9_950 },
    ]);
  });
});

describe('the quote workspace: editing lines', () => {
  it('a new quantity is sent with the line as it was asked for, and the quote is shown again as a draft to price', async () => {
    server.on('PUT', '/api/v1/quote/7', (r) => {
      current = quote({
        quantity: (r.body as { items: { quantity: number }[] }).items[0].quantity,
        withOptions: false,
      });
      return { body: current };
    });
    const { user } = drawQuote();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    // Typed over the selected number.
    await user.tripleClick(screen.getByRole('textbox', { name: 'Tires' }));
    await user.keyboard('6');
    await user.click(screen.getByRole('button', { name: 'Save lines' }));

    expect(await screen.findByRole('heading', { name: 'Line 1: 6 × 225/45R17' })).toBeVisible();
    expect(server.sent('PUT', '/api/v1/quote/7').map((r) => r.body)).toEqual([
      {
        title: 'Fleet winter set',
        note: 'Needed before the first snow',
        ownerUserId: 12,
        items: [{ size: '225/45R17', quantity: 6, roadHazard: false, constraints: {} }],
      },
    ]);
    // Changed lines clear the options: no tier has a total until they are generated again.
    expect((await tierTotals()).map((row) => row.at(-1))).toEqual(['—', '—', '—']);
    expect(screen.getByText('No options yet: generate them.')).toBeVisible();
  });

  it('a number of tires typed into the emptied field is the number asked for', async () => {
    server.on('PUT', '/api/v1/quote/7', () => ({ body: current }));
    const { user } = drawQuote();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    const tires = screen.getByRole('textbox', { name: 'Tires' });
    await user.clear(tires);
    await user.type(tires, '6');
    await user.click(screen.getByRole('button', { name: 'Save lines' }));

    await waitFor(() => expect(server.sent('PUT', '/api/v1/quote/7')).toHaveLength(1));
    expect(server.sent('PUT', '/api/v1/quote/7')[0].body).toMatchObject({ items: [{ quantity: 6 }] });
  });

  it('an emptied Tires field stays empty and says at the field that a line needs at least 1 tire', async () => {
    const { user } = drawQuote();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    const tires = screen.getByRole('textbox', { name: 'Tires' });
    await user.clear(tires);
    await user.tab();

    expect(tires).toHaveValue('');
    expect(tires).toHaveAccessibleDescription('At least 1 tire');
  });

  it('lines with an emptied Tires field are not sent: the field says a line needs at least 1 tire', async () => {
    server.on('PUT', '/api/v1/quote/7', () => ({ body: current }));
    const { user } = drawQuote();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    const tires = screen.getByRole('textbox', { name: 'Tires' });
    await user.clear(tires);
    await user.click(screen.getByRole('button', { name: 'Save lines' }));

    expect(tires).toHaveAccessibleDescription('At least 1 tire');
    expect(screen.getByRole('button', { name: 'Save lines' })).toBeVisible();
    expect(server.sent('PUT', '/api/v1/quote/7')).toEqual([]);
  });

  it('a budget per tire typed in dollars is sent in cents', async () => {
    server.on('PUT', '/api/v1/quote/7', () => ({ body: current }));
    const { user } = drawQuote();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    await user.click(screen.getByRole('button', { name: 'Constraints for line 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Budget per tire ($)' }), '149.99');
    await user.click(screen.getByRole('button', { name: 'Save lines' }));

    await waitFor(() => expect(server.sent('PUT', '/api/v1/quote/7')).toHaveLength(1));
    expect(server.sent('PUT', '/api/v1/quote/7')[0].body).toMatchObject({
      items: [{ size: '225/45R17', quantity: 4, constraints: { budgetCents: 14_999 } }],
    });
  });

  it("lines the server refuses stay open with the server's message at the field, sent once", async () => {
    server.on(
      'PUT',
      '/api/v1/quote/7',
      problem(400, 'Some lines are not valid', {
        errors: [{ pointer: '/body/items/0/size', detail: 'Enter a tire size such as 225/45R17' }],
      }),
    );
    const { user } = drawQuote();
    await user.click(await screen.findByRole('button', { name: 'Edit lines' }));
    const size = screen.getByRole('textbox', { name: 'Line 1: tire size' });
    await user.clear(size);
    await user.type(size, '225/45');
    await user.click(screen.getByRole('button', { name: 'Save lines' }));

    expect(await screen.findByText('Enter a tire size such as 225/45R17')).toBeVisible();
    expect(screen.getByText('Some lines are not valid')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save lines' })).toBeEnabled();
    expect(server.sent('PUT', '/api/v1/quote/7')).toHaveLength(1);
  });
});

describe('the quote workspace: finalizing below the floor', () => {
  /** The good option priced at $55.00, under its $58.00 floor. */
  const belowFloor = () => {
    const q = quote({ good: 5_500 });
    q.data.items[0].options[0].belowFloor = true;
    return q;
  };

  it('finance approves prices below the floor with the finalize call, and the option says it is below', async () => {
    current = belowFloor();
    server.on('POST', '/api/v1/quote/7/finalize', () => ({ body: current }));
    const { user } = drawQuote('finance');
    expect(await screen.findByTestId('option-301')).toHaveTextContent(
      'Floor $58.00 — price is below the floor',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Approve prices below the floor (audited)' }));
    await user.click(screen.getByRole('button', { name: 'Finalize' }));

    await waitFor(() => expect(server.sent('POST', '/api/v1/quote/7/finalize')).toHaveLength(1));
    expect(server.sent('POST', '/api/v1/quote/7/finalize')[0].body).toEqual({
      approveBelowFloor: true,
      approvalNote: '',
    });
  });

  it("sales may not approve a price below the floor: the server's refusal is shown and the quote stays as it is", async () => {
    current = belowFloor();
    server.on(
      'POST',
      '/api/v1/quote/7/finalize',
      problem(409, 'A price is below the floor: finance or an admin approves it', { code: 'below_floor' }),
    );
    const { user } = drawQuote('sales');
    await user.click(await screen.findByRole('button', { name: 'Finalize' }));

    expect(
      screen.queryByRole('checkbox', { name: 'Approve prices below the floor (audited)' }),
    ).not.toBeInTheDocument();
    const refusal = await screen.findByText('A price is below the floor: finance or an admin approves it');
    expect(refusal.closest('[role="alert"]')).toHaveTextContent('Not finalized');
    expect(server.sent('POST', '/api/v1/quote/7/finalize').map((r) => r.body)).toEqual([
      { approveBelowFloor: false, approvalNote: '' },
    ]);
    expect(screen.getByText('options ready')).toBeVisible();
  });
});
