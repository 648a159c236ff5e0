import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import plain from '../../components/plain/plain.module.css';
import { PageTitle } from '../../components/PageTitle';
import { ShopResults } from '../../features/search/ShopResults';
import { applyFilter, type FilterChange, parseShopUrl, shopUrl } from '../../features/search/shop-filters';
import { fetchShipping, fetchShop, type ShopItem, takeOpeningSearch } from '../../features/search/shop.slice';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';

/** Shipping estimates are for a set of four tires to the current location. */
const SET_OF_TIRES = 4;

/** The fleet unit a search is for (`unit`, and its number to show), kept through filter changes. */
function unitOf(params: URLSearchParams) {
  const id = Number(params.get('unit'));
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, number: params.get('unitNumber') ?? String(id) };
}

/**
 * /shop and /tires: the URL is the search (bracket arrays), so reload, back and shared links
 * show the same results; "more results" appends the next page and records it in the URL.
 */
export function ShopPage({
  renderActions,
  renderUnitActions,
}: {
  renderActions?: (item: ShopItem) => ReactNode;
  /** A card's actions while the search is for a fleet unit: its tires are bought for that unit. */
  renderUnitActions?: (item: ShopItem, unitId: number) => ReactNode;
}) {
  const dispatch = useAppDispatch();
  const [params, setRawParams] = useSearchParams();
  const unit = unitOf(params);
  const unitId = unit?.id;
  const setParams = useCallback(
    (search: string, options?: { replace?: boolean }) => {
      if (!unitId) return setRawParams(search, options);
      const next = new URLSearchParams(search);
      next.set('unit', String(unitId));
      const number = params.get('unitNumber');
      if (number) next.set('unitNumber', number);
      setRawParams(next, options);
    },
    [setRawParams, unitId, params],
  );
  const actions = useMemo(
    () => (unitId && renderUnitActions ? (item: ShopItem) => renderUnitActions(item, unitId) : renderActions),
    [unitId, renderUnitActions, renderActions],
  );
  const { filters, page } = useMemo(() => parseShopUrl(params.toString()), [params]);
  const filtersKey = shopUrl(filters);
  const shop = useAppSelector((s) => s.shop);
  const zip = useAppSelector((s) => s.session.location?.locationZip);

  const load = useCallback(
    async (upTo: number) => {
      const current = parseShopUrl(filtersKey).filters;
      for (let p = 0; p <= upTo; p++) await dispatch(fetchShop({ ...current, page: p }));
    },
    [dispatch, filtersKey],
  );

  // A new search (filters changed) starts again at page 0, then reloads pages already shown. The
  // first page of the address the app opened on is already asked for (main.tsx), unless that failed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page and error only matter on arrival
  useEffect(() => {
    if (page === 0 && takeOpeningSearch(filters) && !shop.error) return;
    load(page);
  }, [load]);

  const onChange = (change: FilterChange) => setParams(shopUrl(applyFilter(filters, change)));
  const onMore = () => {
    const next = shop.page + 1;
    dispatch(fetchShop({ ...filters, page: next }));
    setParams(shopUrl(filters, next), { replace: true });
  };
  // The same function from render to render: the result cards are memoized (ResultCard).
  const estimate = useCallback(
    (item: ShopItem) =>
      zip &&
      dispatch(fetchShipping({ make: item.skuMakeId, code: item.skuCode, quantity: SET_OF_TIRES, zip })),
    [dispatch, zip],
  );
  const onEstimateShipping = zip ? estimate : undefined;

  return (
    <>
      <PageTitle title={unit ? `Tires for unit #${unit.number}` : 'Tires'} />
      {unit && (
        <p className={`${plain.alert} ${plain.alertBlue}`} data-testid="unit-search">
          Tires you add are for unit #{unit.number}.{' '}
          <Link to={`/fleet/${unit.id}`} style={{ color: 'var(--mantine-primary-color-filled)' }}>
            Back to the unit
          </Link>
        </p>
      )}
      <ShopResults
        filters={filters}
        onChange={onChange}
        onMore={onMore}
        onRetry={() => load(0)}
        renderActions={actions}
        onEstimateShipping={onEstimateShipping}
      />
    </>
  );
}
