import { useAppSelector } from '../../lib/store-hooks';
import { Button } from '../../components/plain/Button';
import css from './FilterSidebar.module.css';
import type { FilterChange, ShopFilters } from './shop-filters';

type Option = { width: number; ratio: number; rim: number; label: string; count: number; oe: boolean };

/** Counts summed by one dimension, in order. */
function byDimension(sizes: Option[], key: 'ratio' | 'rim') {
  const counts = new Map<number, number>();
  for (const s of sizes) counts.set(s[key], (counts.get(s[key]) ?? 0) + s.count);
  return [...counts.entries()].sort((a, b) => a[0] - b[0]);
}
const single = (values: number[]) => (new Set(values).size === 1 ? String(values[0]) : undefined);

/**
 * The Sizes facet. For a partial size (“225”) the ratios and rims inside it narrow the search;
 * for a chosen vehicle its original-equipment sizes switch between them. Each applies through
 * the 'sizes' filter type (width, ratio and rim together).
 */
export function SizeFacets({
  filters,
  onChange,
}: {
  filters: ShopFilters;
  onChange(change: FilterChange): void;
}) {
  const sizes = useAppSelector((s) => s.shop.sizes);
  if (!sizes.length) return null;
  const sizesOf = (c: { width?: string; ratio?: string; rim?: string }) => onChange({ type: 'sizes', ...c });
  if (sizes.some((s) => s.oe))
    return (
      <fieldset className={`${css.fieldset} ${css.column}`} aria-label="Vehicle sizes">
        <legend className={css.heading}>Sizes</legend>
        {sizes.map((s) => {
          const chosen =
            filters.width === String(s.width) &&
            filters.ratio === String(s.ratio) &&
            filters.rim === String(s.rim);
          return (
            <Button
              key={s.label}
              size="compact-sm"
              variant={chosen ? 'filled' : 'light'}
              className={css.sizeButton}
              onClick={() => sizesOf({ width: String(s.width), ratio: String(s.ratio), rim: String(s.rim) })}
            >
              {s.label} ({s.count})
            </Button>
          );
        })}
      </fieldset>
    );
  const width = single(sizes.map((s) => s.width));
  const ratio = single(sizes.map((s) => s.ratio));
  const rim = single(sizes.map((s) => s.rim));
  const group = (label: string, key: 'ratio' | 'rim') => (
    <fieldset className={`${css.fieldset} ${css.column}`} aria-label={label}>
      <legend className={css.heading}>{label}</legend>
      <div className={css.row}>
        {byDimension(sizes, key).map(([value, count]) => (
          <Button
            key={value}
            size="compact-sm"
            variant={filters[key] === String(value) ? 'filled' : 'light'}
            onClick={() =>
              sizesOf(
                key === 'ratio' ? { width, ratio: String(value), rim } : { width, ratio, rim: String(value) },
              )
            }
          >
            {value} ({count})
          </Button>
        ))}
      </div>
    </fieldset>
  );
  return (
    <div className={css.stack}>
      {group('Ratio', 'ratio')}
      {group('Rim', 'rim')}
    </div>
  );
}
