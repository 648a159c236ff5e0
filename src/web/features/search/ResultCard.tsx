import { memo, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/plain/Button';
import plain from '../../components/plain/plain.module.css';
import { money } from '../../lib/format';
import { miles, service } from './search.format';
import { Price } from './Price';
import css from './ResultCard.module.css';
import type { ShopItem } from './shop.slice';

interface ResultCardProps {
  item: ShopItem;
  /** Purchase controls (quantity, add to cart) from the cart feature, placed by the page. */
  renderActions?: (item: ShopItem) => ReactNode;
  onEstimateShipping?: (item: ShopItem) => void;
}

const FALLBACK_PICTURE = '/favicon.svg';

/** A picture that did not load shows the shop's mark instead (once: the mark is ours). */
const pictureFailed = (e: SyntheticEvent<HTMLImageElement>) => {
  if (!e.currentTarget.src.endsWith(FALLBACK_PICTURE)) e.currentTarget.src = FALLBACK_PICTURE;
};

function Tire({ item, rear }: { item: ShopItem | NonNullable<ShopItem['rear']>; rear?: boolean }) {
  return (
    <p className={css.line}>
      {rear ? 'Rear: ' : ''}
      <b>{item.size}</b> {service(item)} · {item.available} in stock · {money(item.priceCents)}
    </p>
  );
}

/**
 * One result: picture, brand, line, size, load and speed, UTQG, warranty, price and stock. A
 * discounted price shows under its list price struck through. From sm up the price and the
 * purchase controls are a column on the right; on a phone they go under the tire, full width,
 * so that the price and Add to cart stay on screen at 360 px. Plain elements in Mantine's look
 * (ResultCard.module.css): the results page has no Mantine (docs/performance-web.md, "Light shell").
 */
export const ResultCard = memo(function ResultCard({
  item,
  renderActions,
  onEstimateShipping,
}: ResultCardProps) {
  const detail = `/shop/product/${encodeURIComponent(item.skuCode)}?make=${item.skuMakeId}`;
  return (
    <article className={css.root} data-testid="result-card" aria-label={`${item.brand} ${item.line}`}>
      <div className={css.card}>
        <div className={css.tire}>
          <img
            src={item.image ?? FALLBACK_PICTURE}
            alt={`${item.brand} ${item.line}`}
            className={css.picture}
            onError={pictureFailed}
          />
          <div className={css.details}>
            <div className={css.title}>
              <b>{item.brand}</b>
              <Link to={detail} className={css.link}>
                {item.line}
              </Link>
              {item.runFlat && <span className={plain.badge}>Run-flat</span>}
              {item.specials && <span className={plain.badge}>Special</span>}
              {item.rebateCents > 0 && (
                <span className={`${plain.badge} ${css.rebate}`}>{money(item.rebateCents)} rebate</span>
              )}
            </div>
            <Tire item={item} />
            {item.rear && <Tire item={item.rear} rear />}
            <p className={css.facts}>
              MPN {item.skuCode} · {item.category ?? 'Tire'} · UTQG {item.utqg ?? 'n/a'} · Warranty{' '}
              {miles(item.warrantyMiles)} · {item.sidewall ?? ''}
            </p>
            {item.shipping !== undefined && (
              <p className={css.small}>Shipping (4 tires): {money(item.shipping)}</p>
            )}
          </div>
        </div>
        <div className={css.buy} data-testid="result-buy">
          <div className={css.stock}>
            <Price price={item} />
            <span className={item.available > 0 ? css.inStock : css.soldOut}>{item.available} available</span>
          </div>
          {renderActions?.(item)}
          {onEstimateShipping && item.shipping === undefined && (
            <Button size="compact-xs" variant="subtle" onClick={() => onEstimateShipping(item)}>
              Estimate shipping
            </Button>
          )}
        </div>
      </div>
    </article>
  );
});
