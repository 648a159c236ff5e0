import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import { Alert, Box, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Tabs } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { SizeRecord } from '../../../contract/catalog';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { type SearchType, searchTypeChanged } from './search-panel.slice';
import type { Selector } from './selector';
import { loadWidths, selectRatio, selectRim, selectWidth, sizeSelectorCleared } from './size-selector.slice';
import { loadYears, selectVehicleValue, vehicleSelectorCleared } from './vehicle-selector.slice';

// The Search tab's box (Mantine's Autocomplete brings the combobox and popover code) comes
// when that tab is opened or pointed at, not with the home page's first load.
const loadSearchBox = () => import('../../components/SearchBox');
const SearchBox = lazy(async () => ({ default: (await loadSearchBox()).SearchBox }));

export interface VehicleChoice {
  year: string;
  vmake: string;
  vmodel: string;
  option: string;
  sizes: SizeRecord[];
}

interface Props {
  priceGroupId?: number;
  onSizeSearch(size: { width: string; ratio: string; rim: string }): void;
  onVehicleSearch(vehicle: VehicleChoice): void;
  onTextSearch(query: string): void;
}

/**
 * One select of a chain: the browser's own (no popover code on the home page's first load; the
 * phone shows its native picker, and keyboard and screen readers get a labelled select). The
 * first option is the prompt, until a value is chosen.
 */
function SelectorField({
  label,
  selector,
  onChange,
}: {
  label: string;
  selector: Selector;
  onChange(v: string | null): void;
}) {
  const prompt = selector.loading ? 'Loading…' : `Choose ${label.toLowerCase()}`;
  return (
    <NativeSelect
      label={label}
      data={[
        { value: '', label: prompt, disabled: true },
        ...selector.values.map(({ value, label }) => ({ value, label })),
      ]}
      value={selector.selected ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      disabled={!selector.enabled || selector.loading}
      error={selector.error ? 'Could not load this list' : undefined}
    />
  );
}

/** The home search panel: Size, Vehicle and Search tabs. */
export function SearchPanel({ priceGroupId, onSizeSearch, onVehicleSearch, onTextSearch }: Props) {
  const dispatch = useAppDispatch();
  const { searchType } = useAppSelector((s) => s.searchPanel);
  const size = useAppSelector((s) => s.sizeSelector);
  const vehicle = useAppSelector((s) => s.vehicleSelector);
  const [text, setText] = useState('');
  const scope = { group: priceGroupId };

  useEffect(() => {
    dispatch(loadWidths({ group: priceGroupId }));
    dispatch(loadYears(undefined));
  }, [dispatch, priceGroupId]);

  const chosen = {
    year: vehicle.year.selected ?? undefined,
    make: vehicle.make.selected ?? undefined,
    model: vehicle.model.selected ?? undefined,
  };
  const vehicleReady = Boolean(vehicle.option.selected) && !vehicle.sizesLoading && vehicle.sizes.length > 0;
  const clear = () => {
    dispatch(sizeSelectorCleared());
    dispatch(vehicleSelectorCleared());
    setText('');
  };

  return (
    <Card withBorder radius="md" p="lg">
      {/* Only the open tab is rendered: the first paint draws 3 selects, not all 7. */}
      <Tabs
        keepMounted={false}
        value={searchType}
        onChange={(v) => dispatch(searchTypeChanged((v ?? 'size') as SearchType))}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="size">Size</Tabs.Tab>
          <Tabs.Tab value="vehicle">Vehicle</Tabs.Tab>
          <Tabs.Tab value="text" onPointerEnter={loadSearchBox} onFocus={loadSearchBox}>
            Search
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="size">
          {/* Side by side from sm up; stacked full width on a phone (never squeezed to "Choo…"). */}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
            <SelectorField
              label="Tire Width"
              selector={size.width}
              onChange={(v) => dispatch(selectWidth(v, scope))}
            />
            <SelectorField
              label="Tire Ratio"
              selector={size.ratio}
              onChange={(v) => size.width.selected && dispatch(selectRatio(size.width.selected, v, scope))}
            />
            <SelectorField label="Rim Size" selector={size.rim} onChange={(v) => dispatch(selectRim(v))} />
          </SimpleGrid>
          <Group mt="md">
            <Button
              disabled={!size.rim.selected}
              onClick={() =>
                size.width.selected &&
                size.ratio.selected &&
                size.rim.selected &&
                onSizeSearch({
                  width: size.width.selected,
                  ratio: size.ratio.selected,
                  rim: size.rim.selected,
                })
              }
            >
              Search
            </Button>
            <Button variant="subtle" onClick={clear}>
              Clear
            </Button>
          </Group>
        </Tabs.Panel>
        <Tabs.Panel value="vehicle">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
            <SelectorField
              label="Year"
              selector={vehicle.year}
              onChange={(v) => dispatch(selectVehicleValue('year', v, chosen))}
            />
            <SelectorField
              label="Make"
              selector={vehicle.make}
              onChange={(v) => dispatch(selectVehicleValue('make', v, chosen))}
            />
            <SelectorField
              label="Model"
              selector={vehicle.model}
              onChange={(v) => dispatch(selectVehicleValue('model', v, chosen))}
            />
            <SelectorField
              label="Options"
              selector={vehicle.option}
              onChange={(v) => dispatch(selectVehicleValue('option', v, chosen))}
            />
          </SimpleGrid>
          {vehicle.sizesError && (
            <Alert color="red" mt="sm" variant="light">
              The tire sizes of this vehicle could not be loaded. Please try again.
            </Alert>
          )}
          <Group mt="md">
            <Button
              disabled={!vehicleReady}
              loading={vehicle.sizesLoading}
              onClick={() =>
                onVehicleSearch({
                  year: chosen.year ?? '',
                  vmake: chosen.make ?? '',
                  vmodel: chosen.model ?? '',
                  option: vehicle.option.selected ?? '',
                  sizes: vehicle.sizes,
                })
              }
            >
              Search
            </Button>
            <Button variant="subtle" onClick={clear}>
              Clear
            </Button>
          </Group>
        </Tabs.Panel>
        <Tabs.Panel value="text">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim()) onTextSearch(text.trim());
            }}
          >
            <Stack gap="sm">
              {/* A box of the input's height while its chunk arrives. */}
              <Suspense fallback={<Box h={36} />}>
                <SearchBox value={text} onChange={setText} onPick={(q) => onTextSearch(q)} />
              </Suspense>
              <Group>
                <Button type="submit">Submit</Button>
              </Group>
            </Stack>
          </form>
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
