import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { SizeRecord } from '../../../contract/catalog';
import { withMantine } from '../../lib/with-mantine';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { Alert } from '../../components/plain/Alert';
import { Button } from '../../components/plain/Button';
import { SelectField } from '../../components/plain/fields';
import { Tabs } from '../../components/plain/Tabs';
import { type SearchType, searchTypeChanged } from './search-panel.slice';
import css from './SearchPanel.module.css';
import type { Selector } from './selector';
import { loadWidths, selectRatio, selectRim, selectWidth, sizeSelectorCleared } from './size-selector.slice';
import { loadYears, selectVehicleValue, vehicleSelectorCleared } from './vehicle-selector.slice';

// The Search tab's box (Mantine's Autocomplete, with Mantine and its combobox and popover code)
// comes when that tab is opened or pointed at, not with the home page's first load.
const loadSearchBox = () => import('../../components/SearchBox');
const SearchBox = lazy(withMantine(loadSearchBox, 'SearchBox'));

/** The vehicle chain's selects, in order: label and level of the chain. */
const vehicleFields = [
  ['Year', 'year'],
  ['Make', 'make'],
  ['Model', 'model'],
  ['Options', 'option'],
] as const;

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
 * first option is the prompt, until a value is chosen. It is drawn anew when it opens (its key):
 * enabling a select that already holds its options restyles every option one by one, which
 * Lighthouse's trace makes a long task (docs/performance-web.md, "Ninth round").
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
  const waiting = !selector.enabled || selector.loading;
  return (
    <SelectField
      key={waiting ? 'waiting' : 'open'}
      label={label}
      prompt={selector.loading ? 'Loading…' : `Choose ${label.toLowerCase()}`}
      options={selector.values}
      value={selector.selected ?? ''}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      disabled={waiting}
      error={selector.error ? 'Could not load this list' : undefined}
    />
  );
}

/**
 * The home search panel: Size, Vehicle and Search tabs. Plain, as the home page (light shell);
 * only the Search tab's box brings Mantine.
 */
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

  const actions = (search: ReactNode) => (
    <div className={css.actions}>
      {search}
      <Button variant="subtle" onClick={clear}>
        Clear
      </Button>
    </div>
  );

  return (
    <div className={css.card}>
      {/* Only the open tab is rendered: the first paint draws 3 selects, not all 7. */}
      <Tabs<SearchType>
        tabs={[
          { value: 'size', label: 'Size' },
          { value: 'vehicle', label: 'Vehicle' },
          { value: 'text', label: 'Search', onIntent: loadSearchBox },
        ]}
        value={searchType}
        onChange={(v) => dispatch(searchTypeChanged(v))}
      >
        {searchType === 'size' && (
          <>
            <div className={css.sizeGrid}>
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
            </div>
            {actions(
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
              </Button>,
            )}
          </>
        )}
        {searchType === 'vehicle' && (
          <>
            <div className={css.vehicleGrid}>
              {vehicleFields.map(([label, level]) => (
                <SelectorField
                  key={level}
                  label={label}
                  selector={vehicle[level]}
                  onChange={(v) => dispatch(selectVehicleValue(level, v, chosen))}
                />
              ))}
            </div>
            {vehicle.sizesError && (
              <div className={css.alert}>
                <Alert>The tire sizes of this vehicle could not be loaded. Please try again.</Alert>
              </div>
            )}
            {actions(
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
              </Button>,
            )}
          </>
        )}
        {searchType === 'text' && (
          <form
            className={css.textForm}
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim()) onTextSearch(text.trim());
            }}
          >
            <Suspense fallback={<div className={css.boxRoom} />}>
              <SearchBox value={text} onChange={setText} onPick={(q) => onTextSearch(q)} />
            </Suspense>
            <div>
              <Button type="submit">Submit</Button>
            </div>
          </form>
        )}
      </Tabs>
    </div>
  );
}
