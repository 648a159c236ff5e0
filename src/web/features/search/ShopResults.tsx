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

/** Result cards rendered per step: about a phone's screen of them. */
const CARDS_PER_STEP = 4;
/** How far below the screen the next cards are drawn, so that scrolling finds them ready. */
const NEAR_SCREEN = '0px 0px 400px 0px';

/**
 * The cards to draw: the first few, then a few more each time the end of those drawn comes
 * near the screen (an IntersectionObserver on a marker after the last card), each step a
 * transition. A phone draws the results it shows, not the whole page of them: the cards below
 * the screen were most of the results page's first-load work (docs/performance-web.md,
 * "Seventh round"). Where the browser has no IntersectionObserver, every card is drawn.
 */
function useCardsNearScreen<T>(list: T[]): { cards: T[]; marker: (node: HTMLElement | null) => void } {
  const [limit, setLimit] = useState(CARDS_PER_STEP);
  const [marker, setMarker] = useState<HTMLElement | null>(null);
  const all = typeof IntersectionObserver === 'undefined' || limit >= list.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new observer after each step reports whether the marker, now further down, is still near the screen
  useEffect(() => {
    if (all || !marker) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setLimit((n) => n + CARDS_PER_STEP));
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [all, marker, limit]);
  return { cards: all ? list : list.slice(0, limit), marker: setMarker };
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
  const { cards, marker } = useCardsNearScreen(shop.list);
  // The page's content, once there: what waits for it (a card's extras) comes after.
  const shown = cards.length > 0 || Boolean(empty) || shop.error !== null;
  useContentShown(shown);
  // The sidebar is rendered only where it shows (a phone opens the facets in the drawer), and
  // after the answer's first cards (a render later): the first cards are what the buyer waits for.
  const wide = useMediaQuery(SIDEBAR_QUERY, false, { getInitialValueInEffect: false });
  const [facetsLater, setFacetsLater] = useState(false);
  useEffect(() => {
    if (shown) startTransition(() => setFacetsLater(true));
  }, [shown]);
  const facetsNow = wide && shop.filters && facetsLater;
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
          {cards.length < shop.list.length && <div ref={marker} aria-hidden="true" />}
          {cards.length === shop.list.length && shop.list.length > 0 && shop.list.length < shop.count && (
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
