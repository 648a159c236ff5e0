import { CompareToggle } from '../features/comparisons/CompareToggle';
import { RequestQuoteLink } from '../features/quotes/RequestQuoteLink';
import { RatingBadge } from '../features/reviews/RatingBadge';
import type { ShopItem } from '../features/search/shop.slice';

/** What a result card offers beside Add to cart: a quote for its size, its reviews, the compare tick. */
export function ResultExtras({ item }: { item: ShopItem }) {
  return (
    <>
      <RequestQuoteLink size={item.size} />
      <RatingBadge modelId={item.modelId} />
      <CompareToggle productId={item.productId} />
    </>
  );
}
