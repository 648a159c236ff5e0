import { useState } from 'react';
import { type FacetFilterKey, facetFilterKeys, facetLabels } from '../../../domain/shop-search';
import { Button } from '../../components/plain/Button';
import { CheckboxField, TextField } from '../../components/plain/fields';
import { grouped } from '../../lib/format';
import css from './FilterSidebar.module.css';
import { SizeFacets } from './SizeFacets';
import type { FilterChange, ShopFilters } from './shop-filters';
import type { ShopState } from './shop.slice';

interface Props {
  facets: NonNullable<ShopState['filters']>;
  filters: ShopFilters;
  onChange(change: FilterChange): void;
  /** In the phone's drawer, which has its own "Filters" title. */
  inDrawer?: boolean;
}

const warrantyLabel = (k: FacetFilterKey, label: string) =>
  k === 'warranty' ? `${grouped(Number(label))} mi` : label;

/** A price in dollars as typed: digits and one decimal point. */
const dollars = (text: string) => text.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');

function PriceFilter({ filters, onChange }: Pick<Props, 'filters' | 'onChange'>) {
  const [min, setMin] = useState(filters.minPrice ? String(Number(filters.minPrice) / 100) : '');
  const [max, setMax] = useState(filters.maxPrice ? String(Number(filters.maxPrice) / 100) : '');
  const cents = (v: string) => (v === '' ? undefined : String(Math.round(Number(v) * 100)));
  return (
    <div className={css.price}>
      <TextField
        label="Min $"
        inputMode="decimal"
        value={min}
        onChange={(e) => setMin(dollars(e.target.value))}
      />
      <TextField
        label="Max $"
        inputMode="decimal"
        value={max}
        onChange={(e) => setMax(dollars(e.target.value))}
      />
      <Button
        size="xs"
        variant="light"
        onClick={() => onChange({ type: 'price', minPrice: cents(min), maxPrice: cents(max) })}
      >
        Apply
      </Button>
    </div>
  );
}

/**
 * Facets with counts; several values of one facet widen the result, facets narrow it. Each facet
 * is a disclosure (the browser's <details>); brands, categories, speed ratings and any facet in
 * use start open.
 */
export function FilterSidebar({ facets, filters, onChange, inDrawer }: Props) {
  const [open, setOpen] = useState<readonly string[]>(() =>
    facetFilterKeys.filter((k) => ['makes', 'categories', 'speed'].includes(k) || filters[k]?.length),
  );
  const toggled = (k: FacetFilterKey, isOpen: boolean) =>
    setOpen((keys) => (isOpen ? [...keys.filter((o) => o !== k), k] : keys.filter((o) => o !== k)));
  return (
    <fieldset className={`${css.fieldset} ${css.stack}`} aria-label="Filters">
      <div className={inDrawer ? css.headEnd : css.head}>
        {!inDrawer && <span className={css.title}>Filters</span>}
        <Button size="compact-xs" variant="subtle" onClick={() => onChange({ type: 'ALL' })}>
          Clear all
        </Button>
      </div>
      <SizeFacets filters={filters} onChange={onChange} />
      <CheckboxField
        asSwitch
        label="Run-flat only"
        checked={filters.runFlat === 'true'}
        onChange={(e) => onChange({ type: 'flag', key: 'runFlat', on: e.currentTarget.checked })}
      />
      <CheckboxField
        asSwitch
        label="Specials only"
        checked={filters.specialsOnly === 'true'}
        onChange={(e) => onChange({ type: 'flag', key: 'specialsOnly', on: e.currentTarget.checked })}
      />
      <PriceFilter filters={filters} onChange={onChange} />
      <div className={css.facets}>
        {facetFilterKeys
          .filter((k) => facets[k].length > 0)
          .map((k) => (
            <details
              key={k}
              className={css.facet}
              open={open.includes(k)}
              onToggle={(e) => toggled(k, e.currentTarget.open)}
            >
              <summary className={css.summary}>{facetLabels[k]}</summary>
              <div className={css.values}>
                {facets[k].map((v) => (
                  <CheckboxField
                    key={v.value}
                    label={`${warrantyLabel(k, v.label)} (${v.count})`}
                    checked={filters[k]?.includes(v.value) ?? false}
                    onChange={() => onChange({ type: k, value: v.value })}
                  />
                ))}
              </div>
            </details>
          ))}
      </div>
    </fieldset>
  );
}
