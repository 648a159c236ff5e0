import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Cart, CartItem } from '../../../contract/order-shapes';
import { renderApp } from '../../test/render';
import { stubServer } from '../../test/server-stub';
import { CartLines } from './CartLines';

const line = (orderItemId: number, skuCode: string, size: string, set: CartItem['set'] = null): CartItem => ({
  orderItemId,
  orderItemMakeId: 1,
  orderItemModelId: 2,
  orderItemProductId: orderItemId + 100,
  orderItemQuantity: 2,
  orderItemRoadHazard: false,
  makeName: 'Toyo',
  modelName: 'Proxes Sport',
  skuCode,
  size,
  unitPriceCents: 20_000,
  unitDiscountCents: 0,
  roadHazardUnitCents: 2_000,
  lineTotalCents: 40_000,
  fetUnitCents: 0,
  tireFeeUnitCents: 0,
  servicesUnitCents: 0,
  shippingCents: 0,
  taxCents: 0,
  available: 20,
  set,
});

const half = (position: 'front' | 'rear', partnerItemId: number) => ({
  setId: 5,
  position,
  partnerItemId,
  brokenAt: null,
  brokenNote: null,
});

const cartOf = (orderItems: CartItem[]): Cart => ({
  orderId: 41,
  orderDeliveryZip: '78701',
  delivery: { kind: 'location', zip: '78701', address: null, installerLocationId: null },
  paymentMethod: null,
  orderItems,
  totals: {
    subtotalCents: 0,
    discountCents: 0,
    roadHazardCents: 0,
    shippingCents: 0,
    fetCents: 0,
    tireFeeCents: 0,
    servicesCents: 0,
    taxCents: 0,
    totalCents: 0,
  },
  tax: { state: 'TX', ratePpm: 82_500, certificate: null },
});

const single = line(1, 'SINGLE-1', '225/45R17');
// The rear comes first: the cart groups by set, whatever order the lines arrive in.
const rear = line(3, 'REAR-3', '275/35R19', half('rear', 2));
const front = line(2, 'FRONT-2', '255/35R19', half('front', 3));

let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  server = stubServer().on('PUT', '/api/cart', { body: cartOf([single]) });
});

describe('a staggered set in the cart', () => {
  it('shows its two sizes together under one heading, front first, apart from other lines', async () => {
    renderApp(<CartLines cart={cartOf([single, rear, front])} />);
    const set = await screen.findByTestId('cart-set');
    expect(set).toHaveTextContent('Staggered set');
    expect(set).toHaveTextContent('255/35R19 front + 275/35R19 rear');
    const halves = within(set).getAllByTestId('cart-line');
    expect(halves.map((h) => h.textContent?.match(/(Front|Rear)/)?.[0])).toEqual(['Front', 'Rear']);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(3);
    // Each half keeps a quantity of its own; only the set has a remove button.
    expect(within(set).getByRole('textbox', { name: 'Quantity of FRONT-2' })).toBeInTheDocument();
    expect(within(set).getByRole('textbox', { name: 'Quantity of REAR-3' })).toBeInTheDocument();
    expect(within(set).queryByRole('button', { name: 'Remove FRONT-2' })).toBeNull();
  });

  it('is removed whole by its one remove button', async () => {
    const { user } = renderApp(<CartLines cart={cartOf([single, rear, front])} />);
    await user.click(await screen.findByRole('button', { name: 'Remove the set FRONT-2 + REAR-3' }));
    await waitFor(() => expect(server.sent('PUT', '/api/cart')).toHaveLength(1));
    expect(server.sent('PUT', '/api/cart')[0].body).toEqual({
      orderItems: [{ orderItemId: 2, orderItemQuantity: 0 }],
    });
  });
});
