import { createSlice } from '@reduxjs/toolkit';
import type { Location, Session, SessionUser } from '../../../contract/sessions';
import { type ApiProblem, call } from '../../api/client';
import { sessionRoutes as accounts } from '../../api/routes';
import { apiThunk, problemIn } from '../../api/thunk';

/**
 * Session state in the shape the product fixes: user, current location, locations, order. The session
 * answer's cart_count seeds the cart slice's cartCount, the one count of the app.
 */
interface SessionState {
  user: SessionUser | null;
  location: Location | null;
  locations: Location[];
  order: Session['order'];
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
  priceGroup: null,
  priceGroups: [],
  supportEmail: '',
  status: 'idle',
  error: null,
};

export const fetchSession = apiThunk('session/get', (_: undefined) => call(accounts.getSession));
export const login = apiThunk('session/login', (credentials: { username: string; password: string }) =>
  call(accounts.login, { body: credentials }),
);
/** The second sign-in step (docs/security.md, MFA): a code turns the pending sign-in into a session. */
export const verifyMfa = apiThunk('session/mfa', (code: string) =>
  call(accounts.verifyMfaLogin, { body: { code } }),
);
/** A role that must use MFA enrols at sign-in: answers the recovery codes and the session. */
export const confirmMfaEnrolment = apiThunk('session/mfaEnrol', (code: string) =>
  call(accounts.confirmMfaLogin, { body: { code } }),
);
/** Signing out always ends here, even if the server cannot be reached (its session times out). */
export const logout = apiThunk('session/logout', async (_: undefined) => {
  await call(accounts.logout).catch(() => undefined);
});
export const switchLocation = apiThunk('session/location', (locationId: number) =>
  call(accounts.switchLocation, { body: { locationId } }),
);
export const setPriceGroup = apiThunk('session/group', (group: number | null) =>
  call(accounts.setSessionGroup, { body: { group } }),
);

const fill = (state: SessionState, { cart_count: _, ...s }: Session) => {
  Object.assign(state, s, { status: 'ready', error: null });
};
const rejected = (state: SessionState, action: { payload?: ApiProblem; error: { message?: string } }) => {
  state.status = 'ready';
  state.error = problemIn(action).message;
};

const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchSession.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchSession.fulfilled, (state, action) => fill(state, action.payload))
      .addCase(fetchSession.rejected, (state, action) => {
        // 401 simply means nobody is signed in.
        const { status } = problemIn(action);
        Object.assign(state, initialState, {
          status: 'ready',
          error: status === 401 ? null : 'Could not load your session',
        });
      })
      .addCase(login.pending, (state) => {
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => fill(state, action.payload))
      .addCase(login.rejected, (state, action) => {
        rejected(state, action);
        // The password was right: the second step's page takes over (no error to show here).
        if (problemIn(action).code === 'mfa_required') state.error = null;
      })
      .addCase(verifyMfa.fulfilled, (state, action) => fill(state, action.payload))
      .addCase(confirmMfaEnrolment.fulfilled, (state, action) => fill(state, action.payload.session))
      .addCase(logout.fulfilled, () => ({ ...initialState, status: 'ready' as const }))
      .addCase(switchLocation.fulfilled, (state, action) => {
        fill(state, action.payload);
        // The current location becomes the matching entry of locations.
        state.location =
          state.locations.find((l) => l.locationId === action.meta.arg) ?? action.payload.location;
      })
      .addCase(switchLocation.rejected, rejected)
      .addCase(setPriceGroup.fulfilled, (state, action) => fill(state, action.payload))
      .addCase(setPriceGroup.rejected, rejected);
  },
});

export const sessionReducer = sessionSlice.reducer;

// This slice's key in the store's state (lib/store-hooks.ts; app/store.ts puts the reducer there).
declare module '../../lib/store-hooks' {
  interface RootState {
    session: ReturnType<typeof sessionSlice.reducer>;
  }
}
