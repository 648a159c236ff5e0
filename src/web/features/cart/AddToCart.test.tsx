import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryTerms } from '../../../contract/cart';
import type { Location } from '../../../contract/sessions';
import { renderApp } from '../../test/render';
import { stubServer } from '../../test/server-stub';
import { AddToCart } from './AddToCart';

/** The demo heavy LT tire as a result card has it: LT325/65R18, LI 127, $3.38 of excise tax. */
const heavy = {
  makeId: 1,
  modelId: 2,
  productId: 3,
  skuCode: 'GDY-LT3256518',
  size: 'LT325/65R18',
  construction: 'R',
  loadIndex: 127,
  rim: 18,
  fetUnitCents: 338,
  priceCents: 35_775,
  listPriceCents: 35_775,
  discountCents: 0,
  available: 40,
};

const phoenix: DeliveryTerms = {
  delivery: { kind: 'installer', zip: '85004', name: 'Install Bay Phoenix', installerLocationId: 9 },
  state: 'AZ',
  rule: {
    ratePpm: 91_000,
    shippingTaxable: false,
    labourTaxable: false,
    fetTaxable: true,
    roadHazardTaxable: false,
  },
  tireFees: [
    {
      id: 4,
      amountCents: 466,
      percentPpm: 20_000,
      kinds: ['passenger', 'light_truck', 'truck', 'trailer'],
      taxable: false,
    },
  ],
  certificate: null,
  services: {
    mountBalance: [
      { fromInches: null, toInches: 17, mountBalanceCents: 2500 },
      { fromInches: 18, toInches: null, mountBalanceCents: 3500 },
    ],
    valveKitCents: 800,
    disposalCents: 350,
  },
};
const austin: DeliveryTerms = {
  ...phoenix,
  delivery: { kind: 'location', zip: '78701', name: 'Fleet HQ Austin', installerLocationId: null },
  state: 'TX',
  rule: { ...phoenix.rule, ratePpm: 82_500, shippingTaxable: true },
  tireFees: [],
  services: null,
};

/** A location of its own per test: the terms are kept per delivery, and each test has another. */
const at = (locationId: number): Location => ({
  locationId,
  locationName: `Location ${locationId}`,
  locationSupplierId: 0,
  locationInstaller: 0,
  locationGroupPricing: 1,
  locationGroupPricingName: 'Standard',
  locationZip: '78701',
  locationAddress: '1 Main St',
  locationCity: 'Austin',
  locationState: 'TX',
});

describe("a card's purchase controls", () => {
  it('delivered to an installer, show one tire and the quantity out the door, and follow the quantity typed', async () => {
    stubServer().on('GET', '/api/cart/terms', { body: phoenix });
    const { user } = renderApp(<AddToCart item={heavy} />, { state: { session: { location: at(101) } } });
    // $357.75 + $3.38 FET + $4.66 fee (2 %, capped) + $46.50 services + 9.1 % of $361.13 ($32.86).
    expect(await screen.findByTestId('out-the-door-unit')).toHaveTextContent('$445.15');
    expect(screen.getByTestId('out-the-door')).toHaveTextContent(
      'a tire out the door at Install Bay Phoenix',
    );
    // Four: the line's tax is rounded once, 9.1 % of $1,444.52 = $131.45 (not 4 × $32.86).
    expect(screen.getByTestId('out-the-door-total')).toHaveTextContent('$1,780.61');
    const quantity = screen.getByRole('textbox', { name: 'Quantity of GDY-LT3256518' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(screen.getByTestId('out-the-door-total')).toHaveTextContent('$890.31');
    expect(screen.getByTestId('out-the-door').title).toContain('sales tax $32.86 (AZ 9.1 %, estimated)');
  });

  it('delivered elsewhere, show the excise tax of a tire that has one, and nothing for one that has none', async () => {
    stubServer().on('GET', '/api/cart/terms', { body: austin });
    renderApp(
      <>
        <AddToCart item={heavy} />
        <AddToCart
          item={{ ...heavy, skuCode: 'NEX-225454', size: '225/45R17', loadIndex: 94, fetUnitCents: 0 }}
        />
      </>,
      { state: { session: { location: at(102) } } },
    );
    expect(await screen.findByTestId('fet-note')).toHaveTextContent('+ $3.38 FET');
    expect(screen.getAllByTestId('fet-note')).toHaveLength(1);
    expect(screen.queryByTestId('out-the-door')).toBeNull();
  });
});
