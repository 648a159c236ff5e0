import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useAdminQuery } from './admin.api';
import type { AdminKey } from './admin.registry';

/** The records a picker can choose from: the list it searches and how a row reads. */
const sources = {
  make: { key: 'listMakes', id: (r) => r.id, label: (r) => String(r.name) },
  category: { key: 'listCategories', id: (r) => r.id, label: (r) => String(r.name) },
  model: { key: 'listModels', id: (r) => r.id, label: (r) => `${r.makeName} ${r.name}` },
  product: {
    key: 'listProducts',
    id: (r) => r.productId,
    label: (r) => `${r.skuCode} · ${r.brand} ${r.line} ${r.size}`,
  },
  company: { key: 'listCompanies', id: (r) => r.id, label: (r) => String(r.name) },
  supplier: { key: 'listSuppliers', id: (r) => r.id, label: (r) => String(r.name) },
  user: { key: 'listUsers', id: (r) => r.userId, label: (r) => `${r.name} (${r.userName})` },
  warehouse: { key: 'listWarehouses', id: (r) => r.id, label: (r) => `${r.code} · ${r.name}` },
} satisfies Record<string, { key: AdminKey; id: (r: Row) => unknown; label: (r: Row) => string }>;
type Row = Record<string, unknown>;
export type PickerSource = keyof typeof sources;

interface Props extends Omit<SelectProps, 'data' | 'searchable' | 'onSearchChange' | 'searchValue'> {
  source: PickerSource;
  nullable?: boolean;
}

/**
 * A searchable select over a back-office list: typing asks the server (first 100 matches), so it
 * works for catalogues of any size. A chosen id not among the matches still shows as "#id".
 */
export function EntityPicker({ source, nullable, value, onChange, ...props }: Props) {
  const [search, setSearch] = useState('');
  // The chosen option's label fills the search box; it is not a search of its own.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [debounced] = useDebouncedValue(search, 250);
  const q = debounced === picked?.label ? '' : debounced;
  const s = sources[source];
  const { data, isFetching, isError } = useAdminQuery(s.key, { query: { pageSize: 100, ...(q && { q }) } });
  const rows = ((data as { data?: { list?: Row[] } } | undefined)?.data?.list ?? []) as Row[];
  const options = rows.map((r) => ({ value: String(s.id(r)), label: s.label(r) }));
  if (picked) options.unshift(picked);
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select
      {...props}
      value={value ?? null}
      onChange={(v, option) => {
        setPicked(option ?? null);
        onChange?.(v, option);
      }}
      data={[...new Map(options.map((o) => [o.value, o])).values()]}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable={nullable}
      nothingFoundMessage={
        isFetching ? 'Searching…' : isError ? 'The list could not be loaded' : 'Nothing found'
      }
    />
  );
}
