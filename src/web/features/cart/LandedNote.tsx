import type { DeliveryTerms } from '../../../contract/cart';
import { type CardTire, outTheDoorOf } from '../../../domain/out-the-door';
import { money } from '../../lib/format';
import css from './AddToCart.module.css';
import { useDeliveryTerms } from './delivery-terms';

/** What a card knows of its tire for the landed cost (a search item or a product). */
export interface NotedTire {
  size: string;
  construction: string;
  loadIndex: number | null;
  rim: number;
  fetUnitCents: number;
  listPriceCents: number | null;
  discountCents: number;
}

/** A rate in parts per million as people read it: 91 000 → "9.1 %". */
const percentOf = (ppm: number) => `${Number((ppm / 10_000).toFixed(4))} %`;

/** The parts of one tire's figure, for the note's tooltip and for screen readers. */
function partsOf(tire: CardTire, terms: DeliveryTerms): string {
  const one = outTheDoorOf(tire, 1, terms);
  const parts = [`tire ${money(one.goodsCents)}`];
  if (one.fetCents) parts.push(`FET ${money(one.fetCents)}`);
  if (one.tireFeeCents) parts.push(`${terms.state ?? 'state'} tire fee ${money(one.tireFeeCents)}`);
  if (one.servicesCents) parts.push(`installation ${money(one.servicesCents)}`);
  const tax = terms.certificate
    ? `no sales tax (${terms.certificate.kind} certificate ${terms.certificate.number})`
    : `sales tax ${money(one.taxCents)} (${terms.state ?? ''} ${percentOf(terms.rule.ratePpm)}, estimated)`;
  return `${parts.join(' + ')}, ${tax}; shipping is added in the cart`;
}

/**
 * Beside a tire's price: delivered to an installer, what one tire and the quantity chosen cost
 * out the door there (tires, excise tax, the state's fee, the installer's services and the
 * estimated sales tax, by the rule of the cart: src/domain/out-the-door.ts), the parts in its
 * tooltip; otherwise the federal excise tax the tire carries on top of its price, if any. Plain
 * elements: it is in every result card (docs/performance-web.md, "Light shell").
 */
export function LandedNote({ tire, quantity }: { tire: NotedTire; quantity: number }) {
  const terms = useDeliveryTerms();
  if (terms?.delivery.kind === 'installer' && tire.listPriceCents !== null) {
    const card: CardTire = { ...tire, listPriceCents: tire.listPriceCents };
    const one = outTheDoorOf(card, 1, terms);
    const all = outTheDoorOf(card, quantity, terms);
    const parts = partsOf(card, terms);
    return (
      <p className={css.note} data-testid="out-the-door" title={parts}>
        <span>
          <b data-testid="out-the-door-unit">{money(one.totalCents)}</b> a tire out the door at{' '}
          {terms.delivery.name ?? 'the installer'}
        </span>
        <span className={css.dimmed}>
          {quantity} for <span data-testid="out-the-door-total">{money(all.totalCents)}</span> with fees,
          installation and estimated tax
        </span>
      </p>
    );
  }
  if (tire.fetUnitCents > 0)
    return (
      <p
        className={css.note}
        data-testid="fet-note"
        title="Federal excise tax on tires above 3,500 lb of load"
      >
        + {money(tire.fetUnitCents)} FET
      </p>
    );
  return null;
}
