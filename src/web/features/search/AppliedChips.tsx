import { facetFilterKeys, facetLabels } from '../../../domain/shop-search';
import { money } from '../../lib/format';
import type { FilterChange, ShopFilters } from './shop-filters';
import type { ShopState } from './shop.slice';
import { Chip } from './Chip';
import css from './ShopResults.module.css';

const scalarLabels: Partial<Record<keyof ShopFilters, string>> = {
  size: 'Size',
  width: 'Width',
  ratio: 'Ratio',
  rim: 'Rim',
  rearWidth: 'Rear width',
  rearRatio: 'Rear ratio',
  rearRim: 'Rear rim',
  year: 'Year',
  vmake: 'Make',
  vmodel: 'Model',
  option: 'Option',
  runFlat: 'Run-flat',
  specialsOnly: 'Specials only',
  minPrice: 'Min',
  maxPrice: 'Max',
};

/** The filters in force, each removable (changing a filter starts again at page 0). */
export function AppliedChips({
  filters,
  facets,
  onChange,
}: {
  filters: ShopFilters;
  facets: ShopState['filters'];
  onChange(change: FilterChange): void;
}) {
  const chips = [
    ...(Object.keys(scalarLabels) as (keyof ShopFilters)[])
      .filter((k) => filters[k] !== undefined)
      .map((k) => {
        const raw = String(filters[k]);
        const value = k === 'minPrice' || k === 'maxPrice' ? money(Number(raw)) : raw === 'true' ? '' : raw;
        return {
          key: `${k}`,
          label: `${scalarLabels[k]}${value ? `: ${value}` : ''}`,
          change: { type: 'remove', key: k } as FilterChange,
        };
      }),
    ...facetFilterKeys.flatMap((k) =>
      (filters[k] ?? []).map((v) => ({
        key: `${k}:${v}`,
        label: `${facetLabels[k]}: ${facets?.[k].find((f) => f.value === v)?.label ?? v}`,
        change: { type: 'remove', key: k, value: v } as FilterChange,
      })),
    ),
  ];
  if (!chips.length) return null;
  return (
    <ul className={css.chips} aria-label="Applied filters">
      {chips.map((c) => (
        <li key={c.key}>
          <Chip label={c.label} onRemove={() => onChange(c.change)} />
        </li>
      ))}
    </ul>
  );
}
