import { describe, expect, it } from 'vitest';
import { store } from './store';

describe('the store and the one RTK Query api', () => {
  it('takes the api in, reducer and middleware, only when the api loads', async () => {
    expect(store.getState().api).toBeUndefined();
    const { api } = await import('../api/api');
    expect(store.getState().api?.config.reducerPath).toBe('api');
    // The api's middleware answers this action with the subscriptions instead of passing it on.
    const answer = store.dispatch(api.internalActions.internal_getRTKQSubscriptions());
    expect(answer).not.toHaveProperty('type');
  });
});
