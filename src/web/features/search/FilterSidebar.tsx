import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Accordion, Button, Checkbox, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { type FacetFilterKey, facetFilterKeys, facetLabels } from '../../../domain/shop-search';
import { SizeFacets } from './SizeFacets';
import type { FilterChange, ShopFilters } from './shop-filters';
import type { ShopState } from './shop.slice';
import { grouped } from '../../lib/format';

interface Props {
  facets: NonNullable<ShopState['filters']>;
  filters: ShopFilters;
  onChange(change: FilterChange): void;
  /** In the phone's drawer, which has its own "Filters" title. */
  inDrawer?: boolean;
}

const warrantyLabel = (k: FacetFilterKey, label: string) =>
  k === 'warranty' ? `${grouped(Number(label))} mi` : label;

function PriceFilter({ filters, onChange }: Pick<Props, 'filters' | 'onChange'>) {
  const [min, setMin] = useState<string | number>(filters.minPrice ? Number(filters.minPrice) / 100 : '');
  const [max, setMax] = useState<string | number>(filters.maxPrice ? Number(filters.maxPrice) / 100 : '');
  const cents = (v: string | number) => (v === '' ? undefined : String(Math.round(Number(v) * 100)));
  return (
    <Group gap="xs" align="end" wrap="nowrap">
      <NumberInput label="Min $" value={min} onChange={setMin} min={0} size="xs" w={80} hideControls />
      <NumberInput label="Max $" value={max} onChange={setMax} min={0} size="xs" w={80} hideControls />
      <Button
        size="xs"
        variant="light"
        onClick={() => onChange({ type: 'price', minPrice: cents(min), maxPrice: cents(max) })}
      >
        Apply
      </Button>
    </Group>
  );
}

/** Facets with counts; several values of one facet widen the result, facets narrow it. */
export function FilterSidebar({ facets, filters, onChange, inDrawer }: Props) {
  const open = facetFilterKeys.filter(
    (k) => ['makes', 'categories', 'speed'].includes(k) || filters[k]?.length,
  );
  return (
    <Stack gap="sm" aria-label="Filters">
      <Group justify={inDrawer ? 'flex-end' : 'space-between'}>
        {!inDrawer && <Text fw={700}>Filters</Text>}
        <Button size="compact-xs" variant="subtle" onClick={() => onChange({ type: 'ALL' })}>
          Clear all
        </Button>
      </Group>
      <SizeFacets filters={filters} onChange={onChange} />
      <Switch
        label="Run-flat only"
        checked={filters.runFlat === 'true'}
        onChange={(e) => onChange({ type: 'flag', key: 'runFlat', on: e.currentTarget.checked })}
      />
      <Switch
        label="Specials only"
        checked={filters.specialsOnly === 'true'}
        onChange={(e) => onChange({ type: 'flag', key: 'specialsOnly', on: e.currentTarget.checked })}
      />
      <PriceFilter filters={filters} onChange={onChange} />
      <Accordion multiple defaultValue={open} variant="contained">
        {facetFilterKeys
          .filter((k) => facets[k].length > 0)
          .map((k) => (
            <Accordion.Item key={k} value={k}>
              <Accordion.Control>{facetLabels[k]}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap={4} mah={260} style={{ overflowY: 'auto' }}>
                  {facets[k].map((v) => (
                    <Checkbox
                      key={v.value}
                      size="sm"
                      label={`${warrantyLabel(k, v.label)} (${v.count})`}
                      checked={filters[k]?.includes(v.value) ?? false}
                      onChange={() => onChange({ type: k, value: v.value })}
                    />
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
      </Accordion>
    </Stack>
  );
}
