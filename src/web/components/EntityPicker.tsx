import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
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

type Page<Row> = { data: { list: Row[]; count: number } };

/**
 * The records a picker chooses from: the list it searches (`q`) and the one-record read that
 * names a chosen id, both RTK Query endpoints of the feature that owns the records, and how a
 * row reads. The methods are written as methods so that a feature's typed endpoints fit.
 */
export interface Picker<Row = unknown> {
  list: {
    useQuery(query: Record<string, unknown>): { data?: Page<Row>; isFetching: boolean; isError: boolean };
  };
  one: { useQuery(id: number, options?: { skip?: boolean }): { data?: { data: Row }; isFetching: boolean } };
  /** A filter the list always gets (e.g. supplier companies only). */
  filter?: Record<string, string>;
  id(row: Row): number;
  label(row: Row): string;
  /** What the records are called, for the empty and overflow messages. */
  noun: string;
}

export interface Option {
  value: string;
  label: string;
}

/** A short list as fixed choices (price groups, makes as a filter): the first 100 records. */
export function useChoices(s: Picker) {
  const page = s.list.useQuery({ ...s.filter, pageSize: 100 });
  const options: Option[] = (page.data?.data.list ?? []).map((r) => ({
    value: String(s.id(r)),
    label: s.label(r),
  }));
  return {
    options,
    nameOf: (id: number | null) => options.find((o) => o.value === String(id))?.label ?? '—',
  };
}

/** Matches shown per search: enough to scan, few enough to stay quick on big catalogues. */
const MATCHES = 25;
const STATUS = '__status__';

interface Props extends Omit<SelectProps, 'data' | 'searchable' | 'onSearchChange' | 'searchValue'> {
  source: Picker;
  nullable?: boolean;
}

/** The best matches of a search (`q`) of a source, and the line that states the search. */
function useMatches(s: Picker, q: string, typing: boolean) {
  const matches = s.list.useQuery({ ...s.filter, pageSize: MATCHES, ...(q && { q }) });
  const page = matches.data;
  const rows = page?.data.list ?? [];
  const searching = matches.isFetching || typing;
  const status = statusOf({
    searching,
    failed: matches.isError,
    q,
    shown: rows.length,
    count: page?.data.count ?? 0,
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
export function EntityPicker({ source: s, nullable, value, onChange, ...props }: Props) {
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
  const one = s.one.useQuery(Number(value), { skip: !unnamed });
  const chosen = one.data?.data;
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
  source: Picker;
}

/**
 * EntityPicker for several records (e.g. the companies of a customer group): the same server
 * search as the user types; chosen records stay listed and show by name.
 */
export function EntityMultiPicker({ source: s, value = [], onChange, ...props }: MultiProps) {
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
function NameOf({ source, id, onName }: { source: Picker; id: string; onName: (name: string) => void }) {
  const one = source.one.useQuery(Number(id));
  const row = one.data?.data;
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
