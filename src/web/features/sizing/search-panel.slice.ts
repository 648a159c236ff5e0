import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Which tab of the search panel is active: size by default. */
export type SearchType = 'size' | 'vehicle' | 'text';

const searchPanelSlice = createSlice({
  name: 'searchPanel',
  initialState: { searchType: 'size' as SearchType },
  reducers: {
    searchTypeChanged(s, a: PayloadAction<SearchType>) {
      s.searchType = a.payload;
    },
  },
});

export const { searchTypeChanged } = searchPanelSlice.actions;
export const searchPanelReducer = searchPanelSlice.reducer;

// This slice's key in the store's state (lib/store-hooks.ts; app/store.ts puts the reducer there).
declare module '../../lib/store-hooks' {
  interface RootState {
    searchPanel: ReturnType<typeof searchPanelSlice.reducer>;
  }
}
