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
import { useContentShown } from '../../lib/opening-content';
import { useAppSelector } from '../../lib/store-hooks';
import { withMantine } from '../../lib/with-mantine';
import { Alert } from '../../components/plain/Alert';
import { Button } from '../../components/plain/Button';
import { StrokeIcon } from '../../components/plain/StrokeIcon';
import { grouped } from '../../lib/format';
import { useMediaQuery } from '../../lib/media-query';
import { AppliedChips } from './AppliedChips';
import { FilterSidebar } from './FilterSidebar';
import { QueryChips } from './QueryChips';
import { SearchSuggestions } from './SearchSuggestions';
import { ResultCard } from './ResultCard';
import type { FilterChange, ShopFilters } from './shop-filters';
import { type ShopItem, searchKeyOf } from './shop.slice';
import css from './ShopResults.module.css';
import plain from '../../components/plain/plain.module.css';

// Loaded when used, each with Mantine: the drawer on the first tap of Filters (a phone), the
// text box on the results of a text search (its Autocomplete brings the popover code).
const FilterDrawer = lazy(withMantine(() => import('./FilterDrawer'), 'FilterDrawer'));
const ShopQueryBox = lazy(withMantine(() => import('./ShopQueryBox'), 'ShopQueryBox'));

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
    <div className={css.skeletons} role="status" aria-busy="true" aria-label="Loading results">
      {[0, 1, 2].map((i) => (
        <div key={i} className={css.skeleton} />
      ))}
    </div>
  );
}

/** Tabler's adjustments-horizontal icon. */
function FiltersIcon() {
  return (
    <StrokeIcon size={16}>
      <path d="M14 6a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 6h10M18 6h2M6 12a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 12h2M10 12h10M15 18a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 18h11M19 18h1" />
    </StrokeIcon>
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
  const wide = useMediaQuery(SIDEBAR_QUERY);
  const [facetsLater, setFacetsLater] = useState(false);
  useEffect(() => {
    if (shown) startTransition(() => setFacetsLater(true));
  }, [shown]);
  const facetsNow = wide && shop.filters && facetsLater;
  return (
    <div className={css.page}>
      <aside className={css.sidebar}>
        {facetsNow && <FilterSidebar facets={shop.filters!} filters={filters} onChange={onChange} />}
      </aside>
      <div className={css.results}>
        {filters.query !== undefined && (
          <div className={css.queryBox}>
            <Suspense fallback={null}>
              <ShopQueryBox filters={filters} onChange={onChange} />
            </Suspense>
          </div>
        )}
        <div className={css.toolbar}>
          <p className={css.count} data-testid="result-count">
            {/* A no-break space holds the line's height on a phone until the count comes. */}
            {shop.loaded ? `${grouped(shop.count)} tires` : '\u00a0'}
          </p>
          <div className={css.tools}>
            <Button
              variant="default"
              className={css.filtersButton}
              onClick={() => setDrawerOpen(true)}
              disabled={!shop.filters}
              leftSection={<FiltersIcon />}
            >
              Filters{applied ? ` (${applied})` : ''}
            </Button>
            {/* The browser's own list in the look of the plain fields, named by its aria-label. */}
            <select
              aria-label="Sort"
              className={`${plain.input} ${css.sort}`}
              value={filters.sort ?? 'LTH'}
              onChange={(e) => onChange({ type: 'sort', value: e.currentTarget.value as SortCode })}
            >
              {sortCodes.map((c) => (
                <option key={c} value={c}>
                  {sortLabels[c]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <QueryChips onChange={onChange} />
        <AppliedChips filters={filters} facets={shop.filters} onChange={onChange} />
        {shop.error && (
          <Alert title="The search did not work" role="alert">
            <div className={css.retry}>
              Please try again in a moment.
              <Button size="xs" variant="light" onClick={onRetry}>
                Try again
              </Button>
            </div>
          </Alert>
        )}
        {first && <ResultSkeletons />}
        {/* Nothing found: what to search instead when the server suggests something (one notice). */}
        {empty &&
          (shop.suggestions.length > 0 ? (
            <SearchSuggestions filters={filters} suggestions={shop.suggestions} />
          ) : (
            <Alert color="gray" title="No tires match" role="alert">
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
          <div className={css.center}>
            <Button variant="light" loading={shop.loading} onClick={onMore}>
              More results
            </Button>
          </div>
        )}
      </div>
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
    </div>
  );
}
