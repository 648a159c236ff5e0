import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type ApiProblem, call } from '../../api/client';
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
 * The size selector, a slice of fixed shape (see docs/architecture.md, "The web app"): tire
 * width, tire ratio and rim size, chained.
 */
interface SizeSelectorState {
  width: Selector;
  ratio: Selector;
  rim: Selector;
}

const initialState: SizeSelectorState = {
  width: firstSelector(),
  ratio: emptySelector(),
  rim: emptySelector(),
};

/** Sizing calls name channel 4 (this web shop) and the caller's price group. */
interface SizingScope {
  group?: number;
}
const query = (scope: SizingScope) => ({ channel: 4, ...(scope.group ? { group: scope.group } : {}) });

export const loadWidths = apiThunk(
  'sizing/widths',
  async (scope: SizingScope) => (await call(sizing.widths, { query: query(scope) })).data.list,
);
export const loadRatios = apiThunk(
  'sizing/ratios',
  async (arg: SizingScope & { width: string }) =>
    (await call(sizing.ratios, { params: { width: arg.width }, query: query(arg) })).data.list,
);
export const loadRims = apiThunk(
  'sizing/rims',
  async (arg: SizingScope & { width: string; ratio: string }) => {
    const params = { width: arg.width, ratio: arg.ratio };
    return (await call(sizing.rims, { params, query: query(arg) })).data.list;
  },
);

type Level = keyof SizeSelectorState;
const lifecycle = (level: Level) => ({
  pending: (s: SizeSelectorState) => loadStarted(s[level]),
  fulfilled: (s: SizeSelectorState, a: PayloadAction<Selector['values']>) => loaded(s[level], a.payload),
  rejected: (s: SizeSelectorState, a: { payload?: ApiProblem; error: { message?: string } }) =>
    loadFailed(s[level], problemIn(a).message),
});

const sizeSelectorSlice = createSlice({
  name: 'sizeSelector',
  initialState,
  reducers: {
    /** Choosing a width clears ratio and rim; the ratios load next. */
    widthSelected(s, a: PayloadAction<string | null>) {
      s.width.selected = a.payload;
      s.ratio = emptySelector();
      s.rim = emptySelector();
    },
    ratioSelected(s, a: PayloadAction<string | null>) {
      s.ratio.selected = a.payload;
      s.rim = emptySelector();
    },
    rimSelected(s, a: PayloadAction<string | null>) {
      s.rim.selected = a.payload;
    },
    sizeSelectorCleared(s) {
      return { ...initialState, width: { ...emptySelector(true), values: s.width.values } };
    },
  },
  extraReducers: (b) => {
    for (const [thunk, level] of [
      [loadWidths, 'width'],
      [loadRatios, 'ratio'],
      [loadRims, 'rim'],
    ] as const) {
      const on = lifecycle(level);
      b.addCase(thunk.pending, on.pending)
        .addCase(thunk.fulfilled, on.fulfilled)
        .addCase(thunk.rejected, on.rejected);
    }
  },
});

export const { widthSelected, ratioSelected, rimSelected, sizeSelectorCleared } = sizeSelectorSlice.actions;
export const sizeSelectorReducer = sizeSelectorSlice.reducer;

// This slice's key in the store's state (lib/store-hooks.ts; app/store.ts puts the reducer there).
declare module '../../lib/store-hooks' {
  interface RootState {
    sizeSelector: ReturnType<typeof sizeSelectorSlice.reducer>;
  }
}

/** Thunks that choose a value: record it, tell analytics, load the next list. */
export const selectWidth =
  (width: string | null, scope: SizingScope) => (dispatch: (a: unknown) => unknown) => {
    dispatch(widthSelected(width));
    if (!width) return;
    trackSelect('Sizing', 'Width', width);
    dispatch(loadRatios({ ...scope, width }));
  };
export const selectRatio =
  (width: string, ratio: string | null, scope: SizingScope) => (dispatch: (a: unknown) => unknown) => {
    dispatch(ratioSelected(ratio));
    if (!ratio) return;
    trackSelect('Sizing', 'Ratio', ratio);
    dispatch(loadRims({ ...scope, width, ratio }));
  };
export const selectRim = (rim: string | null) => (dispatch: (a: unknown) => unknown) => {
  dispatch(rimSelected(rim));
  if (rim) trackSelect('Sizing', 'Rim', rim);
};
