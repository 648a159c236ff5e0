import { Button, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SearchBox } from '../../components/SearchBox';
import type { FilterChange, ShopFilters } from './shop-filters';

/**
 * The search box on the results of a text search: it holds the typed text (the URL's `query`)
 * so the buyer can change it where the chips show how it was read. Submitting, or picking a
 * completion, is a new search of that text, as from the home page's Search tab: the sidebar's
 * choices are cleared, the sort and page size kept (docs/searchbox.md).
 */
export function ShopQueryBox({
  filters,
  onChange,
}: {
  filters: ShopFilters;
  onChange(change: FilterChange): void;
}) {
  const [text, setText] = useState(filters.query ?? '');
  // A chip removed or a suggestion followed changes the query: the box shows it.
  useEffect(() => setText(filters.query ?? ''), [filters.query]);
  const search = (query: string) => {
    const q = query.trim();
    if (q) onChange({ type: 'text', query: q });
  };
  return (
    <form
      aria-label="Search again"
      onSubmit={(e) => {
        e.preventDefault();
        search(text);
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>
          <SearchBox value={text} onChange={setText} onPick={search} />
        </div>
        <Button type="submit">Submit</Button>
      </Group>
    </form>
  );
}
