import '@mantine/core/styles/Drawer.layer.css';
import { Box, Button, Drawer } from '@mantine/core';
import { FilterSidebar } from './FilterSidebar';
import type { FilterChange, ShopFilters } from './shop-filters';
import type { ShopState } from './shop.slice';
import { grouped } from '../../lib/format';

/**
 * The facets in a left drawer below md (a phone): a chunk of its own, loaded when the buyer
 * first opens it (the drawer brings Mantine's modal, focus trap and scroll area), not with the
 * results.
 */
export function FilterDrawer({
  opened,
  onClose,
  shop,
  filters,
  onChange,
}: {
  opened: boolean;
  onClose(): void;
  shop: Pick<ShopState, 'filters' | 'loaded' | 'count'>;
  filters: ShopFilters;
  onChange(change: FilterChange): void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Filters"
      position="left"
      size="min(100%, 360px)"
      hiddenFrom="md"
    >
      {shop.filters && (
        <Box pb="md">
          <FilterSidebar facets={shop.filters} filters={filters} onChange={onChange} inDrawer />
        </Box>
      )}
      <Button fullWidth mt="sm" onClick={onClose}>
        Show {shop.loaded ? grouped(shop.count) : ''} tires
      </Button>
    </Drawer>
  );
}
