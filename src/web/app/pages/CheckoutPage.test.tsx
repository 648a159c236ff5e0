import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../../contract/order-shapes';
import { renderApp } from '../../test/render';
import { held, problem, type SentRequest, stubServer } from '../../test/server-stub';
import { CheckoutPage } from './CheckoutPage';

interface LineFacts {
  quantity: number;
  roadHazard: boolean;
}

/**
 * The cart as the server prices it for one line of 225/45R17 at $123.45 a tire, $10.00 off a
 * tire, road hazard $15.99 a tire, $25.00 shipping and 8.25 % tax on the discounted tires
 * (rounded to the cent). The stub re-prices with it, so a test changes a quantity as a buyer does.
 */
function pricedCart({ quantity, roadHazard }: LineFacts, shippingCents = 2500, taxBasisPoints = 825): Cart {
  const subtotalCents = quantity * 12_345;
  const discountCents = quantity * 1_000;
  const roadHazardCents = roadHazard ? quantity * 1_599 : 0;
  const taxCents = Math.round(((subtotalCents - discountCents) * taxBasisPoints) / 10_000);
  return {
    orderId: 41,
    orderDeliveryZip: '30301',
    delivery: { kind: 'location', zip: '30301', address: null, installerLocationId: null },
    paymentMethod: null,
    orderItems: [
      {
        orderItemId: 7,
        orderItemMakeId: 1,
        orderItemModelId: 2,
        orderItemProductId: 3,
        orderItemQuantity: quantity,
        orderItemRoadHazard: roadHazard,
        makeName: 'Michelin',
        modelName: 'Pilot Sport 4S',
        skuCode: 'MI-PS4S-2254517',
        size: '225/45R17',
        unitPriceCents: 12_345,
        unitDiscountCents: 1_000,
        roadHazardUnitCents: 1_599,
        lineTotalCents: subtotalCents - discountCents + roadHazardCents,
        fetUnitCents: 0,
        tireFeeUnitCents: 0,
        servicesUnitCents: 0,
        shippingCents,
        taxCents,
        available: 12,
      },
    ],
    totals: {
      subtotalCents,
      discountCents,
      roadHazardCents,
      shippingCents,
      fetCents: 0,
      tireFeeCents: 0,
      servicesCents: 0,
      taxCents,
      totalCents: subtotalCents - discountCents + roadHazardCents + shippingCents + taxCents,
    },
    tax: { state: 'GA', ratePpm: taxBasisPoints * 100, certificate: null },
  };
}

let server: ReturnType<typeof stubServer>;
let line: LineFacts;
/** PUT /api/cart as the server answers it: the changed line, re-priced. */
const reprice = (request: SentRequest) => {
  const [change] = (
    request.body as { orderItems: { orderItemQuantity?: number; orderItemRoadHazard?: boolean }[] }
  ).orderItems;
  line = {
    quantity: change.orderItemQuantity ?? line.quantity,
    roadHazard: change.orderItemRoadHazard ?? line.roadHazard,
  };
  return { body: pricedCart(line) };
};

beforeEach(() => {
  line = { quantity: 10, roadHazard: true };
  server = stubServer()
    .on('GET', '/api/cart', () => ({ body: pricedCart(line) }))
    .on('PUT', '/api/cart', reprice)
    .on('GET', '/api/company/payment', {
      body: {
        companyId: 3,
        creditLimitCents: 0,
        paymentTermsDays: 0,
        openBalanceCents: 0,
        availableCreditCents: 0,
        defaultSourceId: null,
        sources: [],
        methods: ['card'],
      },
    });
});

/** The totals table as label → amount, in the order shown. */
async function totals() {
  const table = await screen.findByRole('table', { name: 'Totals' });
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

const quantityField = () => screen.getByRole('textbox', { name: 'Quantity of MI-PS4S-2254517' });
const lineTotal = () => within(screen.getByTestId('cart-line')).getAllByRole('cell').at(-2)?.textContent;

describe('the checkout totals', () => {
  it('show every amount in dollars with exact cents, the discount taken off, and the total', async () => {
    renderApp(<CheckoutPage />);

    expect(await totals()).toEqual([
      ['Subtotal', '$1,234.50'],
      ['Discounts', '-$100.00'],
      ['Road hazard', '$159.90'],
      ['Shipping', '$25.00'],
      ['Tax (GA 8.25 %)', '$93.60'],
      ['Total', '$1,413.00'],
    ]);
    expect(lineTotal()).toBe('$1,294.40');
  });

  it('a cart with nothing to discount, ship or tax shows $0.00 for each, never a dash or -$0.00, and lists no excise tax, fee or services it does not have', async () => {
    server.on('GET', '/api/cart', {
      body: (() => {
        const cart = pricedCart({ quantity: 1, roadHazard: false }, 0, 0);
        cart.orderItems[0].unitDiscountCents = 0;
        cart.totals = { ...cart.totals, subtotalCents: 12_345, discountCents: 0, totalCents: 12_345 };
        return cart;
      })(),
    });
    renderApp(<CheckoutPage />);

    expect(await totals()).toEqual([
      ['Subtotal', '$123.45'],
      ['Discounts', '$0.00'],
      ['Road hazard', '$0.00'],
      ['Shipping', '$0.00'],
      ['Tax (GA 0 %)', '$0.00'],
      ['Total', '$123.45'],
    ]);
  });

  it('changing a quantity re-prices the cart on the server, and the totals show its new total', async () => {
    line = { quantity: 4, roadHazard: true };
    const { user } = renderApp(<CheckoutPage />);
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$580.20');

    await user.clear(quantityField());
    await user.type(quantityField(), '10');
    await user.tab();

    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,413.00'));
    expect(server.sent('PUT', '/api/cart').map((r) => r.body)).toEqual([
      { orderItems: [{ orderItemId: 7, orderItemQuantity: 10 }] },
    ]);
    expect(lineTotal()).toBe('$1,294.40');
    expect((await totals())[0]).toEqual(['Subtotal', '$1,234.50']);
  });

  it('leaving a quantity as it was sends nothing', async () => {
    const { user } = renderApp(<CheckoutPage />);
    await user.click(await screen.findByRole('textbox', { name: 'Quantity of MI-PS4S-2254517' }));
    await user.tab();

    expect(server.sent('PUT', '/api/cart')).toHaveLength(0);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,413.00');
  });

  it("adding road hazard adds the line's road hazard to the total, as the server prices it", async () => {
    line = { quantity: 4, roadHazard: false };
    const { user } = renderApp(<CheckoutPage />);
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('$516.24');

    await user.click(screen.getByRole('switch', { name: 'Road hazard for MI-PS4S-2254517' }));

    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$580.20'));
    expect(server.sent('PUT', '/api/cart').map((r) => r.body)).toEqual([
      { orderItems: [{ orderItemId: 7, orderItemRoadHazard: true }] },
    ]);
    expect((await totals())[2]).toEqual(['Road hazard', '$63.96']);
  });

  it('while the cart is being re-priced, its quantity, road hazard and remove controls are disabled', async () => {
    const answer = held();
    server.on('PUT', '/api/cart', answer.answer);
    const { user } = renderApp(<CheckoutPage />);
    await user.click(await screen.findByRole('switch', { name: 'Road hazard for MI-PS4S-2254517' }));

    await waitFor(() => expect(quantityField()).toBeDisabled());
    expect(screen.getByRole('switch', { name: 'Road hazard for MI-PS4S-2254517' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove MI-PS4S-2254517' })).toBeDisabled();
    answer.release({ body: pricedCart({ quantity: 10, roadHazard: false }) });
    await waitFor(() => expect(quantityField()).toBeEnabled());
    expect(server.sent('PUT', '/api/cart')).toHaveLength(1);
  });

  it('a quantity the server refuses (409) shows its message, and the totals stay those of the cart as it is', async () => {
    server.on(
      'PUT',
      '/api/cart',
      problem(409, 'Only 12 of MI-PS4S-2254517 are available.', { code: 'conflict' }),
    );
    const { user } = renderApp(<CheckoutPage />);
    await screen.findByTestId('cart-total');

    await user.clear(quantityField());
    await user.type(quantityField(), '20');
    await user.tab();

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 12 of MI-PS4S-2254517 are available.');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,413.00');
    expect(server.sent('PUT', '/api/cart')).toHaveLength(1);
  });

  it('a refused quantity goes back to the quantity of the cart in its field', async () => {
    server.on(
      'PUT',
      '/api/cart',
      problem(409, 'Only 12 of MI-PS4S-2254517 are available.', { code: 'conflict' }),
    );
    const { user } = renderApp(<CheckoutPage />);
    await screen.findByTestId('cart-total');

    await user.clear(quantityField());
    await user.type(quantityField(), '20');
    await user.tab();

    await screen.findByRole('alert');
    expect(quantityField()).toHaveValue('10');
  });

  it('delivering to another address re-prices shipping, and the total follows', async () => {
    const address = {
      name: 'Dock 4',
      address1: '100 Peachtree St NW',
      city: 'Atlanta',
      state: 'GA',
      zip: '30303',
    };
    server
      .on('POST', '/api/v1/shipping/validate-address', (r) => ({
        body: { data: { status: 'valid', address: { ...(r.body as object), zipPlus4: null } } },
      }))
      .on('PUT', '/api/cart/shipping', () => ({ body: pricedCart(line, 4_999) }));
    const { user } = renderApp(<CheckoutPage />);
    await user.click(await screen.findByRole('radio', { name: 'Another address' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), address.name);
    await user.type(screen.getByRole('textbox', { name: 'Street' }), address.address1);
    await user.type(screen.getByRole('textbox', { name: 'City' }), address.city);
    await user.type(screen.getByRole('textbox', { name: 'State' }), address.state);
    await user.type(screen.getByRole('textbox', { name: 'ZIP' }), address.zip);
    await user.click(screen.getByRole('button', { name: 'Use this address' }));

    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,437.99'));
    expect(server.sent('PUT', '/api/cart/shipping').map((r) => r.body)).toEqual([
      { kind: 'address', address },
    ]);
    expect((await totals())[3]).toEqual(['Shipping', '$49.99']);
  });
});
