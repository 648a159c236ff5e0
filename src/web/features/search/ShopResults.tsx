import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Alert, Box, Button, Center, Grid, Group, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import {
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useDeferredValue,
  useEffect,
  useState,
} from 'react';
import { type SortCode, sortCodes, sortLabels } from '../../../domain/shop-search';
import { useContentShown } from '../../app/opening-content';
import { useAppSelector } from '../../app/store';
import { AppliedChips } from './AppliedChips';
import { FilterSidebar } from './FilterSidebar';
import { QueryChips } from './QueryChips';
import { SearchSuggestions } from './SearchSuggestions';
import { ResultCard } from './ResultCard';
import type { FilterChange, ShopFilters } from './shop-filters';
import { type ShopItem, searchKeyOf } from './shop.slice';
import { grouped } from '../../lib/format';

// Loaded when used: the drawer on the first tap of Filters (a phone), the text box on the
// results of a text search (its Autocomplete brings the popover code).
const FilterDrawer = lazy(async () => ({ default: (await import('./FilterDrawer')).FilterDrawer }));
const ShopQueryBox = lazy(async () => ({ default: (await import('./ShopQueryBox')).ShopQueryBox }));

interface Props {
  filters: ShopFilters;
  onChange(change: FilterChange): void;
  onMore(): void;
  onRetry(): void;
  renderActions?: (item: ShopItem) => ReactNode;
  onEstimateShipping?: (item: ShopItem) => void;
}

/** Result cards rendered per step on the page's first load (a screen's worth, then the rest). */
const CARDS_PER_STEP = 4;

/**
 * The answer's first cards, then a few more per step (each a transition in a task of its own):
 * a slow phone renders and lays out the results in short tasks, not one long one. The cards
 * below the first screen are the ones that come a moment later.
 */
function useCardsInSteps<T>(list: T[]): T[] {
  const [limit, setLimit] = useState(CARDS_PER_STEP);
  useEffect(() => {
    if (limit >= list.length) return;
    const timer = setTimeout(() => startTransition(() => setLimit((n) => n + CARDS_PER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [limit, list.length]);
  return list.length > limit ? list.slice(0, limit) : list;
}

const sortOptions = sortCodes.map((c) => ({ value: c, label: sortLabels[c] }));

/** Mantine's md breakpoint: the facets are a sidebar from here up, a drawer below. */
const SIDEBAR_QUERY = '(min-width: 62em)';

/** How many filters are in force: the number on the phone's Filters button. */
const appliedCount = (filters: ShopFilters) =>
  Object.entries(filters).reduce(
    (n, [k, v]) => n + (k === 'sort' ? 0 : Array.isArray(v) ? v.length : v === undefined ? 0 : 1),
    0,
  );

/** Placeholders of a result card's height while the first page arrives: nothing jumps when it does. */
function ResultSkeletons() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading results">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={150} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * The results page body: the facets (a sidebar from md up; on a phone a Filters button opens
 * them in a drawer), then above the results a toolbar (count, sort), the applied filters as
 * removable chips, and the cards; "More results" appends the next page.
 */
export function ShopResults({
  filters,
  onChange,
  onMore,
  onRetry,
  renderActions,
  onEstimateShipping,
}: Props) {
  // The cards of a new answer render as a transition, in slices of a few milliseconds (a store
  // update alone renders all 15 cards in one long task); until then the previous state stays.
  const answer = useDeferredValue(useAppSelector((s) => s.shop));
  // null until the first tap of Filters: the drawer's chunk is asked for then, and it stays
  // mounted after (so it closes with its transition).
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);
  // The results shown are those of the search in the URL: between a change of the URL and its
  // request (and while it loads) the previous search's cards and count are not shown.
  const current = answer.key === searchKeyOf(filters);
  const shop = current ? answer : { ...answer, list: [], loaded: null, loading: true, error: null };
  const first = shop.loading && shop.list.length === 0;
  const empty = !shop.loading && !shop.error && shop.loaded && shop.list.length === 0;
  const applied = appliedCount(filters);
  const cards = useCardsInSteps(shop.list);
  // The page's content, once there: what waits for it (a card's extras, the toasts) comes after.
  useContentShown(cards.length > 0 || Boolean(empty) || shop.error !== null);
  // The sidebar is rendered only where it shows (a phone opens the facets in the drawer), and
  // after the answer's first cards (a step later): the first cards are what the buyer waits for.
  const wide = useMediaQuery(SIDEBAR_QUERY, false, { getInitialValueInEffect: false });
  const facetsNow =
    wide && shop.filters && (cards.length > CARDS_PER_STEP || cards.length === shop.list.length);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
        {facetsNow && <FilterSidebar facets={shop.filters!} filters={filters} onChange={onChange} />}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="sm">
          {filters.query !== undefined && (
            <Suspense fallback={<Box h={36} />}>
              <ShopQueryBox filters={filters} onChange={onChange} />
            </Suspense>
          )}
          {/* On a phone the count has a line of its own and Filters and sort share the next
              (together they are wider than 360 px; a fixed split keeps the layout from jumping
              when the count arrives). */}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={500} data-testid="result-count" w={{ base: '100%', xs: 'auto' }}>
              {/* A no-break space holds the line's height on a phone until the count comes. */}
              {shop.loaded ? `${grouped(shop.count)} tires` : '\u00a0'}
            </Text>
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <Button
                hiddenFrom="md"
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={16} />}
                onClick={() => setDrawerOpen(true)}
                disabled={!shop.filters}
              >
                Filters{applied ? ` (${applied})` : ''}
              </Button>
              {/* A native select: no popover code on the results page's first load. */}
              <NativeSelect
                aria-label="Sort"
                w={{ base: 150, xs: 220 }}
                data={sortOptions}
                value={filters.sort ?? 'LTH'}
                onChange={(e) => onChange({ type: 'sort', value: e.currentTarget.value as SortCode })}
              />
            </Group>
          </Group>
          <QueryChips onChange={onChange} />
          <AppliedChips filters={filters} facets={shop.filters} onChange={onChange} />
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
          {first && <ResultSkeletons />}
          {/* Nothing found: what to search instead when the server suggests something (one notice). */}
          {empty &&
            (shop.suggestions.length > 0 ? (
              <SearchSuggestions filters={filters} suggestions={shop.suggestions} />
            ) : (
              <Alert variant="light" color="gray" title="No tires match">
                Try removing a filter or searching for another size.
              </Alert>
            ))}
          {cards.map((item) => (
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
      {drawerOpen !== null && (
        <Suspense fallback={null}>
          <FilterDrawer
            opened={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            shop={shop}
            filters={filters}
            onChange={onChange}
          />
        </Suspense>
      )}
    </Grid>
  );
}
