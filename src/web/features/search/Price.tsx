import { money } from '../../lib/format';
import css from './Price.module.css';

/**
 * The caller's price of a SKU: a discounted price shows in red under its list price struck
 * through (the server answers both; see shopPriceOf in src/domain/discounts.ts). Plain elements:
 * it is drawn in every result card (docs/performance-web.md, "Light shell").
 */
export function Price({
  price,
  size = 'lg',
}: {
  price: { priceCents: number | null; listPriceCents: number | null; discountCents: number };
  size?: 'lg' | 'xl';
}) {
  const discounted = price.discountCents > 0;
  return (
    <span className={css.price}>
      {discounted && (
        <s className={css.list} data-testid="list-price">
          {money(price.listPriceCents)}
        </s>
      )}
      <strong className={`${css[size]} ${discounted ? css.discounted : ''}`} data-testid="price">
        {money(price.priceCents)}
      </strong>
    </span>
  );
}
