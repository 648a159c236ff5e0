import '@mantine/core/styles/List.layer.css';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { applyFilter, type ShopFilters, shopUrl } from './shop-filters';
import type { ShopState } from './shop.slice';
import { grouped } from '../../lib/format';

type Suggestion = ShopState['suggestions'][number];

const kindText = { size: 'Nearby size', drop: 'Fewer words', spelling: 'Spelling' } as const;

/**
 * No dead ends: when nothing is found (ShopResults shows this in place of the plain empty
 * notice), what to search instead, as links with their counts.
 */
export function SearchSuggestions({
  filters,
  suggestions,
}: {
  filters: ShopFilters;
  suggestions: Suggestion[];
}) {
  const urlOf = (s: Suggestion) => {
    const texted = applyFilter(filters, { type: 'query', query: s.query });
    // A size suggestion goes through the 'sizes' filter type: width, ratio and rim together.
    const sized =
      s.kind === 'size'
        ? applyFilter(texted, {
            type: 'sizes',
            width: String(s.width),
            ratio: String(s.ratio),
            rim: String(s.rim),
          })
        : texted;
    return shopUrl(sized);
  };
  return (
    <Alert variant="light" color="blue" title="No tires match — try one of these" aria-label="Suggestions">
      <List spacing={4} size="sm">
        {suggestions.map((s) => (
          <List.Item key={`${s.kind}:${s.label}`}>
            <Text span size="xs" c="dimmed">
              {kindText[s.kind]}:{' '}
            </Text>
            <Anchor component={Link} to={urlOf(s)}>
              {s.label}
            </Anchor>{' '}
            <Text span size="xs" c="dimmed">
              ({grouped(s.count)} {s.count === 1 ? 'tire' : 'tires'})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
