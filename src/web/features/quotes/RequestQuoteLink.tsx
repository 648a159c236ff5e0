import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** "Request a quote" from a search result (its size) or from the cart (every line of it). */
export function RequestQuoteLink({ size, fromCart }: { size?: string; fromCart?: boolean }) {
  const to = fromCart
    ? '/quotes/new?from=cart'
    : `/quotes/new?size=${encodeURIComponent(size ?? '')}&quantity=4`;
  return (
    <Anchor component={Link} to={to} size="sm" display="block" mt={4}>
      {fromCart ? 'Request a quote for these tires' : 'Request a quote'}
    </Anchor>
  );
}
