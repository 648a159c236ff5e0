import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/store';
import { applyFilter, type ShopFilters, shopUrl } from './shop-filters';

const kindText = { size: 'Nearby size', drop: 'Fewer words', spelling: 'Spelling' } as const;

/** No dead ends: when nothing is found, what to search instead, as links with their counts. */
export function SearchSuggestions({ filters }: { filters: ShopFilters }) {
  const shop = useAppSelector((s) => s.shop);
  if (!shop.loaded || shop.loading || shop.count > 0 || shop.suggestions.length === 0) return null;
  const urlOf = (s: (typeof shop.suggestions)[number]) => {
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
        {shop.suggestions.map((s) => (
          <List.Item key={`${s.kind}:${s.label}`}>
            <Text span size="xs" c="dimmed">
              {kindText[s.kind]}:{' '}
            </Text>
            <Anchor component={Link} to={urlOf(s)}>
              {s.label}
            </Anchor>{' '}
            <Text span size="xs" c="dimmed">
              ({s.count.toLocaleString('en-US')} {s.count === 1 ? 'tire' : 'tires'})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
