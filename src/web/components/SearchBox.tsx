import '@mantine/core/styles/Combobox.layer.css';
import { Autocomplete, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type * as searchContract from '../../contract/search';
import { call } from '../api/client';
import { searchRoutes as search } from '../api/routes';

/** Waits this long after the last keystroke before asking for completions. */
const TYPING_PAUSE_MS = 120;
const kindLabels: Record<searchContract.TypeaheadItem['kind'], string> = {
  size: 'Size',
  make: 'Brand',
  model: 'Line',
  category: 'Category',
  mpn: 'Part number',
};

interface Props {
  value: string;
  onChange(value: string): void;
  /** A completion was chosen (click, or arrows then Enter): search it at once. */
  onPick(query: string): void;
  autoFocus?: boolean;
}

/**
 * The free-text search box with type-ahead: up to eight completions (sizes, brands, lines,
 * categories, MPNs) with their counts, navigable with the arrow keys and Enter (Mantine's
 * combobox). Completions are asked for after a short pause in typing; an answer that arrives
 * after a newer keystroke is dropped. Enter without a highlighted completion submits the form
 * the box is in.
 */
export function SearchBox({ value, onChange, onPick, autoFocus }: Props) {
  const [items, setItems] = useState<searchContract.TypeaheadItem[]>([]);
  const asked = useRef(0);
  // Completions follow the buyer's typing only: a value set from outside (the results page's
  // typed query, a chip removed) asks for none.
  const typed = useRef(false);
  useEffect(() => {
    const q = value.trim();
    const ask = ++asked.current;
    if (!q || !typed.current) {
      setItems([]);
      return;
    }
    const timer = setTimeout(async () => {
      try {
        const answer = await call(search.typeahead, { query: { q } });
        if (ask === asked.current) setItems(answer.data.list);
      } catch {
        // Type-ahead is a help: when it fails the box still searches what is typed.
        if (ask === asked.current) setItems([]);
      }
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const byQuery = new Map(items.map((i) => [i.query, i]));
  return (
    <Autocomplete
      aria-label="Tire search"
      placeholder="Tire Search...MPN, Size, Make, Model"
      value={value}
      onChange={(v) => {
        typed.current = true;
        onChange(v);
      }}
      data={[...byQuery.keys()]}
      filter={({ options }) => options}
      onOptionSubmit={onPick}
      autoFocus={autoFocus}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const item = byQuery.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
            <Text size="sm">{item?.label ?? option.value}</Text>
            <Text size="xs" c="dimmed">
              {item ? `${kindLabels[item.kind]} · ${item.count.toLocaleString('en-US')}` : ''}
            </Text>
          </Group>
        );
      }}
    />
  );
}
