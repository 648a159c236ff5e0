import { Link } from 'react-router';
import css from './RequestQuoteLink.module.css';

/**
 * "Request a quote" from a search result (its size) or from the cart (every line of it). A plain
 * link: it is in every result card (docs/performance-web.md, "Light shell").
 */
export function RequestQuoteLink({ size, fromCart }: { size?: string; fromCart?: boolean }) {
  const to = fromCart
    ? '/quotes/new?from=cart'
    : `/quotes/new?size=${encodeURIComponent(size ?? '')}&quantity=4`;
  return (
    <Link to={to} className={css.link}>
      {fromCart ? 'Request a quote for these tires' : 'Request a quote'}
    </Link>
  );
}
