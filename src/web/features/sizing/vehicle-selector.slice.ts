import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SizeRecord } from '../../../contract/catalog';
import { call } from '../../api/client';
import { sizingRoutes as sizing } from '../../api/routes';
import { apiThunk, problemIn } from '../../api/thunk';
import {
  emptySelector,
  firstSelector,
  loadFailed,
  loaded,
  loadStarted,
  type Selector,
  trackSelect,
} from './selector';

/**
 * The vehicle selector, a slice of fixed shape (see docs/architecture.md, "The web app"): year,
 * make, model and option, chained, plus the OE sizes.
 */
interface VehicleSelectorState {
  year: Selector;
  make: Selector;
  model: Selector;
  option: Selector;
  sizes: SizeRecord[];
  sizesLoading: boolean;
  sizesError: string | null;
}

const initialState: VehicleSelectorState = {
  year: firstSelector(),
  make: emptySelector(),
  model: emptySelector(),
  option: emptySelector(),
  sizes: [],
  sizesLoading: false,
  sizesError: null,
};

export const loadYears = apiThunk(
  'vehicle/years',
  async (_: undefined) => (await call(sizing.years)).data.list,
);
export const loadMakes = apiThunk(
  'vehicle/makes',
  async (a: { year: string }) => (await call(sizing.vehicleMakes, { params: a })).data.list,
);
const loadModels = apiThunk(
  'vehicle/models',
  async (a: { year: string; make: string }) => (await call(sizing.vehicleModels, { params: a })).data.list,
);
const loadOptions = apiThunk(
  'vehicle/options',
  async (a: { year: string; make: string; model: string }) =>
    (await call(sizing.vehicleOptions, { params: a })).data.list,
);
const loadVehicleSizes = apiThunk(
  'vehicle/sizes',
  async (q: { year: string; make: string; model: string; option: string }) =>
    (await call(sizing.vehicleSizes, { query: q })).data.list,
);

type Level = 'year' | 'make' | 'model' | 'option';
const below: Record<Level, Level[]> = {
  year: ['make', 'model', 'option'],
  make: ['model', 'option'],
  model: ['option'],
  option: [],
};

const vehicleSelectorSlice = createSlice({
  name: 'vehicleSelector',
  initialState,
  reducers: {
    /** Choosing a value clears every selector after it and the sizes. */
    vehicleValueSelected(s, a: PayloadAction<{ level: Level; value: string | null }>) {
      s[a.payload.level].selected = a.payload.value;
      for (const l of below[a.payload.level]) s[l] = emptySelector();
      s.sizes = [];
      s.sizesError = null;
    },
    vehicleSelectorCleared(s) {
      return { ...initialState, year: { ...emptySelector(true), values: s.year.values } };
    },
  },
  extraReducers: (b) => {
    for (const [thunk, level] of [
      [loadYears, 'year'],
      [loadMakes, 'make'],
      [loadModels, 'model'],
      [loadOptions, 'option'],
    ] as const) {
      b.addCase(thunk.pending, (s) => loadStarted(s[level]))
        .addCase(thunk.fulfilled, (s, a) => loaded(s[level], a.payload))
        .addCase(thunk.rejected, (s, a) => loadFailed(s[level], problemIn(a).message));
    }
    b.addCase(loadVehicleSizes.pending, (s) => {
      s.sizesLoading = true;
      s.sizesError = null;
    })
      .addCase(loadVehicleSizes.fulfilled, (s, a) => {
        s.sizesLoading = false;
        s.sizes = a.payload;
      })
      .addCase(loadVehicleSizes.rejected, (s, a) => {
        s.sizesLoading = false;
        s.sizesError = problemIn(a).message;
      });
  },
});

export const { vehicleValueSelected, vehicleSelectorCleared } = vehicleSelectorSlice.actions;
export const vehicleSelectorReducer = vehicleSelectorSlice.reducer;

// This slice's key in the store's state (lib/store-hooks.ts; app/store.ts puts the reducer there).
declare module '../../lib/store-hooks' {
  interface RootState {
    vehicleSelector: ReturnType<typeof vehicleSelectorSlice.reducer>;
  }
}

const labels: Record<Level, string> = { year: 'Year', make: 'Make', model: 'Model', option: 'Option' };

/** Chooses a value: records it, tells analytics, and loads the next list (or the sizes). */
export const selectVehicleValue =
  (level: Level, value: string | null, chosen: Partial<Record<Level, string>>) =>
  (dispatch: (a: unknown) => unknown) => {
    dispatch(vehicleValueSelected({ level, value }));
    if (!value) return;
    trackSelect('Sizing/Vehicle', labels[level], value);
    const c = { ...chosen, [level]: value };
    if (level === 'year') dispatch(loadMakes({ year: value }));
    if (level === 'make' && c.year) dispatch(loadModels({ year: c.year, make: value }));
    if (level === 'model' && c.year && c.make)
      dispatch(loadOptions({ year: c.year, make: c.make, model: value }));
    if (level === 'option' && c.year && c.make && c.model) {
      dispatch(loadVehicleSizes({ year: c.year, make: c.make, model: c.model, option: value }));
    }
  };
