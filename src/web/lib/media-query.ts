import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept current: Mantine's useMediaQuery for the pages drawn
 * without Mantine. Right from the first render (no effect, no second render); false where the
 * browser has no matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof matchMedia === 'undefined') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => typeof matchMedia !== 'undefined' && matchMedia(query).matches,
  );
}
