import { useEffect, useSyncExternalStore } from 'react';
import type { DeliveryTerms } from '../../../contract/cart';
import { call } from '../../api/client';
import { cartRoutes } from '../../api/routes';
import { type RootState, useAppSelector } from '../../lib/store-hooks';

/**
 * What the cart's delivery is charged at (GET /api/cart/terms), for the out-the-door figure of
 * the result cards and the product page: one request per delivery, not per card or per search
 * (the search answer is kept per price group and knows no buyer's delivery). Through `call()`,
 * as the results page's other card extras: no RTK Query, no Zod (docs/performance-web.md).
 *
 * One answer is kept, that of the delivery the store shows now (user, location, the loaded
 * cart's delivery); a new delivery asks again.
 */
type Entry = { data?: DeliveryTerms; failed?: boolean };

let current: { key: string; entry: Entry } | null = null;
const listeners = new Set<() => void>();

const changed = () => {
  for (const listener of listeners) listener();
};

function load(key: string): void {
  if (current?.key === key) return;
  const asked = { key, entry: {} as Entry };
  current = asked;
  // A new entry object when the answer comes: useSyncExternalStore re-renders on a new snapshot.
  const settle = (entry: Entry) => {
    if (current !== asked) return; // another delivery was asked for meanwhile
    current = { key, entry };
    changed();
  };
  call(cartRoutes.deliveryTerms).then(
    (data) => settle({ data }),
    // The figure is an extra of the card: without the terms the card shows its price alone.
    () => settle({ failed: true }),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Which delivery the terms are of: the signed-in user at a location, and the cart's delivery once loaded. */
const deliveryKey = (s: RootState) => {
  const d = s.cart.cart?.delivery;
  return [
    s.session.user?.userId ?? '',
    s.session.location?.locationId ?? '',
    d ? `${d.kind}:${d.zip ?? ''}:${d.installerLocationId ?? ''}` : '',
  ].join('|');
};

/** The terms of the cart's delivery, once here; undefined until then (or when they failed). */
export function useDeliveryTerms(): DeliveryTerms | undefined {
  const key = useAppSelector(deliveryKey);
  useEffect(() => load(key), [key]);
  const snapshot = useSyncExternalStore(subscribe, () => current);
  return snapshot?.key === key ? snapshot.entry.data : undefined;
}
