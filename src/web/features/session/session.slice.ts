import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import * as accounts from '../../../contract/accounts';
import type { Location, Session, SessionUser } from '../../../contract/accounts';
import { ApiError, call, errorMessage } from '../../api/client';

/** Session state as spec §3 shapes it: user, current location, locations, order, cart_count. */
export interface SessionState {
  user: SessionUser | null;
  location: Location | null;
  locations: Location[];
  order: Session['order'];
  cart_count: number;
  priceGroup: Session['priceGroup'];
  priceGroups: Session['priceGroups'];
  supportEmail: string;
  /** idle until the first check; then loading, ready (signed in or not) */
  status: 'idle' | 'loading' | 'ready';
  error: string | null;
}

const initialState: SessionState = {
  user: null,
  location: null,
  locations: [],
  order: null,
  cart_count: 0,
  priceGroup: null,
  priceGroups: [],
  supportEmail: '',
  status: 'idle',
  error: null,
};

const failure = (error: unknown) => ({
  status: error instanceof ApiError ? error.status : 0,
  message: errorMessage(error),
});

export const fetchSession = createAsyncThunk('session/get', async (_: undefined, { rejectWithValue }) => {
  try {
    return await call(accounts.getSession);
  } catch (error) {
    return rejectWithValue(failure(error));
  }
});

export const login = createAsyncThunk(
  'session/login',
  async (credentials: { username: string; password: string }, { rejectWithValue }) => {
    try {
      return await call(accounts.login, { body: credentials });
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

export const logout = createAsyncThunk('session/logout', async () => {
  await call(accounts.logout).catch(() => undefined);
});

export const switchLocation = createAsyncThunk(
  'session/location',
  async (locationId: number, { rejectWithValue }) => {
    try {
      return await call(accounts.switchLocation, { body: { locationId } });
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

export const setPriceGroup = createAsyncThunk(
  'session/group',
  async (group: number | null, { rejectWithValue }) => {
    try {
      return await call(accounts.setSessionGroup, { body: { group } });
    } catch (error) {
      return rejectWithValue(failure(error));
    }
  },
);

const fill = (state: SessionState, s: Session) => {
  Object.assign(state, s, { status: 'ready', error: null });
};
const rejected = (state: SessionState, action: { payload?: unknown }) => {
  state.status = 'ready';
  state.error = (action.payload as { message?: string } | undefined)?.message ?? 'Something went wrong';
};

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** Other features report a new cart count (spec §4: the count follows the order items). */
    cartCountChanged(state, action: { payload: number }) {
      state.cart_count = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSession.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchSession.fulfilled, (state, action) => fill(state, action.payload))
      .addCase(fetchSession.rejected, (state, action) => {
        // 401 simply means nobody is signed in.
        const status = (action.payload as { status?: number } | undefined)?.status;
        Object.assign(state, initialState, {
          status: 'ready',
          error: status === 401 ? null : 'Could not load your session',
        });
      })
      .addCase(login.pending, (state) => {
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => fill(state, action.payload))
      .addCase(login.rejected, rejected)
      .addCase(logout.fulfilled, () => ({ ...initialState, status: 'ready' as const }))
      .addCase(switchLocation.fulfilled, (state, action) => {
        fill(state, action.payload);
        // spec §4: the current location becomes the matching entry of locations.
        state.location =
          state.locations.find((l) => l.locationId === action.meta.arg) ?? action.payload.location;
      })
      .addCase(switchLocation.rejected, rejected)
      .addCase(setPriceGroup.fulfilled, (state, action) => fill(state, action.payload))
      .addCase(setPriceGroup.rejected, rejected);
  },
});

export const { cartCountChanged } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
