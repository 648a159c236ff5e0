import {
  Loader,
  MultiSelect,
  type MultiSelectProps,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useAdminQuery } from './admin.api';
import type { AdminKey } from './admin.registry';

type Row = Record<string, unknown>;
interface Source {
  /** The list it searches (`q`), and a filter that list always gets. */
  list: AdminKey;
  filter?: Record<string, string>;
  /** The one-record read that names a chosen id that is not among the matches. */
  one: AdminKey;
  id: (r: Row) => unknown;
  label: (r: Row) => string;
  /** What the records are called, for the empty and overflow messages. */
  noun: string;
}

/** The records a picker can choose from: the list it searches and how a row reads. */
const sources = {
  make: { list: 'listMakes', one: 'getMake', id: (r) => r.id, label: (r) => String(r.name), noun: 'makes' },
  category: {
    list: 'listCategories',
    one: 'getCategory',
    id: (r) => r.id,
    label: (r) => String(r.name),
    noun: 'categories',
  },
  model: {
    list: 'listModels',
    one: 'getModel',
    id: (r) => r.id,
    label: (r) => `${r.makeName} ${r.name}`,
    noun: 'tire lines',
  },
  product: {
    list: 'listProducts',
    one: 'getProduct',
    id: (r) => r.productId,
    label: (r) => `${r.skuCode} · ${r.brand} ${r.line} ${r.size}`,
    noun: 'SKUs',
  },
  company: {
    list: 'listCompanies',
    one: 'getCompany',
    id: (r) => r.id,
    label: (r) => String(r.name),
    noun: 'companies',
  },
  /** Supplier companies through the companies list, which every staff role may read. */
  supplierCompany: {
    list: 'listCompanies',
    filter: { kind: 'supplier' },
    one: 'getCompany',
    id: (r) => r.id,
    label: (r) => String(r.name),
    noun: 'supplier companies',
  },
  supplier: {
    list: 'listSuppliers',
    one: 'getSupplier',
    id: (r) => r.id,
    label: (r) => String(r.name),
    noun: 'suppliers',
  },
  user: {
    list: 'listUsers',
    one: 'getUser',
    id: (r) => r.userId,
    label: (r) => `${r.name} (${r.userName})`,
    noun: 'users',
  },
  warehouse: {
    list: 'listWarehouses',
    one: 'getWarehouse',
    id: (r) => r.id,
    label: (r) => `${r.code} · ${r.name}`,
    noun: 'warehouses',
  },
} satisfies Record<string, Source>;
export type PickerSource = keyof typeof sources;

/** Matches shown per search: enough to scan, few enough to stay quick on big catalogues. */
const MATCHES = 25;
const STATUS = '__status__';

type Page = { data?: { list?: Row[]; count?: number } } | undefined;

interface Props extends Omit<SelectProps, 'data' | 'searchable' | 'onSearchChange' | 'searchValue'> {
  source: PickerSource;
  nullable?: boolean;
}

/** The best matches of a search (`q`) of a source, and the line that states the search. */
function useMatches(s: Source, q: string, typing: boolean) {
  const matches = useAdminQuery(s.list, { query: { ...s.filter, pageSize: MATCHES, ...(q && { q }) } });
  const page = matches.data as Page;
  const rows = page?.data?.list ?? [];
  const searching = matches.isFetching || typing;
  const status = statusOf({
    searching,
    failed: matches.isError,
    q,
    shown: rows.length,
    count: page?.data?.count ?? 0,
    noun: s.noun,
  });
  return { options: rows.map((r) => ({ value: String(s.id(r)), label: s.label(r) })), searching, status };
}

type Choice = { value: string; label: string; disabled?: boolean };

/**
 * What Select and MultiSelect share: the typed text is the server's search, the options are
 * shown as the server ranked them, and the state of the search is a line of its own (the chosen
 * records stay listed while the user searches).
 */
function searchBox(
  data: Choice[],
  search: string,
  setSearch: (s: string) => void,
  m: { searching: boolean; status: string | null },
) {
  return {
    data: m.status && data.length ? [...data, { value: STATUS, label: m.status, disabled: true }] : data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: (({ options }) => options) as OptionsFilter,
    rightSection: m.searching ? <Loader size={14} aria-label="Searching" /> : undefined,
    nothingFoundMessage: m.status,
  };
}

/**
 * A searchable select over a back-office list of any size: what the user types goes to the
 * server (`q`) as they type, and the best matches come back. A chosen record that is not
 * among the matches is read on its own so that it shows by name.
 */
export function EntityPicker({ source, nullable, value, onChange, ...props }: Props) {
  const s: Source = sources[source];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Names of the records seen so far. The chosen option keeps one name while the matches around
  // it change: the Select puts a chosen option's name back into the box whenever that name changes.
  const names = useRef(new Map<string, string>()).current;
  // The chosen option's name fills the search box; it is not a search of its own.
  const q = value && names.get(value) === debounced ? '' : debounced;
  const m = useMatches(s, q, debounced !== search.trim());
  const options = [...m.options];
  for (const o of options) names.set(o.value, o.label);
  const unnamed = !!value && /^\d+$/.test(value) && !names.has(value);
  const one = useAdminQuery(s.one, { params: { id: Number(value) } }, { skip: !unnamed });
  const chosen = (one.data as { data?: Row } | undefined)?.data;
  if (chosen) names.set(String(s.id(chosen)), s.label(chosen));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: names.get(value) ?? (one.isFetching ? 'Loading…' : `#${value}`) });
  return (
    <Select
      placeholder="Type to search"
      {...props}
      value={value ?? null}
      onChange={(v, option) => {
        if (v && option) names.set(v, option.label);
        onChange?.(v, option);
      }}
      clearable={nullable}
      {...searchBox(options, search, setSearch, m)}
    />
  );
}

interface MultiProps
  extends Omit<MultiSelectProps, 'data' | 'searchable' | 'onSearchChange' | 'searchValue'> {
  source: PickerSource;
}

/**
 * EntityPicker for several records (e.g. the companies of a customer group): the same server
 * search as the user types; chosen records stay listed and show by name.
 */
export function EntityMultiPicker({ source, value = [], onChange, ...props }: MultiProps) {
  const s: Source = sources[source];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [names, setNames] = useState<Record<string, string>>({});
  const m = useMatches(s, debounced, debounced !== search.trim());
  const known = { ...names, ...Object.fromEntries(m.options.map((o) => [o.value, o.label])) };
  const data: Choice[] = [
    ...value
      .filter((v) => !m.options.some((o) => o.value === v))
      .map((v) => ({ value: v, label: known[v] ?? `#${v}` })),
    ...m.options,
  ];
  return (
    <>
      {value
        .filter((v) => !(v in known))
        .map((v) => (
          <NameOf key={v} source={s} id={v} onName={(name) => setNames((n) => ({ ...n, [v]: name }))} />
        ))}
      <MultiSelect
        placeholder="Type to search"
        {...props}
        value={value}
        onChange={(v) => {
          setNames((n) => ({ ...n, ...Object.fromEntries(data.map((o) => [o.value, o.label])) }));
          onChange?.(v);
        }}
        {...searchBox(data, search, setSearch, m)}
      />
    </>
  );
}

/** Reads one chosen record that is not among the matches, for its name (renders nothing). */
function NameOf({ source, id, onName }: { source: Source; id: string; onName: (name: string) => void }) {
  const one = useAdminQuery(source.one, { params: { id: Number(id) } });
  const row = (one.data as { data?: Row } | undefined)?.data;
  useEffect(() => {
    if (row) onName(source.label(row));
  }, [row, source, onName]);
  return null;
}

/** What the list under the box says besides the matches: loading, failure, nothing found, more to find. */
function statusOf(r: {
  searching: boolean;
  failed: boolean;
  q: string;
  shown: number;
  count: number;
  noun: string;
}) {
  if (r.searching) return 'Searching…';
  if (r.failed) return `The ${r.noun} could not be loaded`;
  if (r.shown === 0) return r.q ? `No ${r.noun} match “${r.q}”` : `No ${r.noun} yet`;
  if (r.count > r.shown) return `${r.count - r.shown} more ${r.noun}: type to narrow`;
  return null;
}
