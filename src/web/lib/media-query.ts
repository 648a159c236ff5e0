import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept current: Mantine's useMediaQuery for the pages drawn
 * without Mantine. Right from the first render (no effect, no second render); false where the
 * browser has no matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  // The same subscription for the same query: React subscribes again only when it changes.
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof matchMedia === 'undefined') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof matchMedia !== 'undefined' && matchMedia(query).matches,
  );
}

/**
 * Below Mantine's `sm` breakpoint (48em): where tables of the app turn into lists of cards
 * (cart lines, an order's items, the order history), so nothing scrolls sideways on a phone.
 */
export const usePhone = (): boolean => useMediaQuery('(max-width: 47.99em)');
