import { Alert, Button, Center, Grid, Group, Loader, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type SortCode, sortCodes, sortLabels } from '../../../domain/shop-search';
import { useAppSelector } from '../../app/store';
import { AppliedChips } from './AppliedChips';
import { FilterSidebar } from './FilterSidebar';
import { QueryChips } from './QueryChips';
import { SearchSuggestions } from './SearchSuggestions';
import { ResultCard } from './ResultCard';
import type { FilterChange, ShopFilters } from './shop-filters';
import type { ShopItem } from './shop.slice';

interface Props {
  filters: ShopFilters;
  onChange(change: FilterChange): void;
  onMore(): void;
  onRetry(): void;
  renderActions?: (item: ShopItem) => ReactNode;
  onEstimateShipping?: (item: ShopItem) => void;
}

/** The results page body: sidebar, applied chips, sort, cards and more results. */
export function ShopResults({
  filters,
  onChange,
  onMore,
  onRetry,
  renderActions,
  onEstimateShipping,
}: Props) {
  const shop = useAppSelector((s) => s.shop);
  const first = shop.loading && shop.list.length === 0;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        {shop.filters && <FilterSidebar facets={shop.filters} filters={filters} onChange={onChange} />}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={500} data-testid="result-count">
              {shop.loaded ? `${shop.count.toLocaleString('en-US')} tires` : ' '}
            </Text>
            <Select
              aria-label="Sort"
              w={220}
              data={sortCodes.map((c) => ({ value: c, label: sortLabels[c] }))}
              value={filters.sort ?? 'LTH'}
              onChange={(v) => v && onChange({ type: 'sort', value: v as SortCode })}
              allowDeselect={false}
            />
          </Group>
          <QueryChips onChange={onChange} />
          <AppliedChips filters={filters} facets={shop.filters} onChange={onChange} />
          <SearchSuggestions filters={filters} />
          {shop.error && (
            <Alert color="red" variant="light" title="The search did not work">
              <Group>
                <Text size="sm">Please try again in a moment.</Text>
                <Button size="xs" variant="light" onClick={onRetry}>
                  Try again
                </Button>
              </Group>
            </Alert>
          )}
          {first && (
            <Center py="xl">
              <Loader aria-label="Loading results" />
            </Center>
          )}
          {!shop.loading && !shop.error && shop.loaded && shop.list.length === 0 && (
            <Alert variant="light" color="gray" title="No tires match">
              Try removing a filter or searching for another size.
            </Alert>
          )}
          {shop.list.map((item) => (
            <ResultCard
              key={item.productId}
              item={item}
              renderActions={renderActions}
              onEstimateShipping={onEstimateShipping}
            />
          ))}
          {shop.list.length > 0 && shop.list.length < shop.count && (
            <Center>
              <Button variant="light" loading={shop.loading} onClick={onMore}>
                More results
              </Button>
            </Center>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
