import { useEffect } from 'react';

/**
 * When the content of the page the app opened on is on screen. What the first paint of that
 * content does not need (the toasts' container, the header's location switcher, a result card's
 * extras) is asked for after it (lazy-pages.tsx, afterOpeningPage): Lighthouse's simulated LCP
 * counts every request started before the LCP of its own load, and asked for with the page's
 * chunks those ≈ 90 KB were counted (docs/performance-web.md, "Fifth round").
 */
let show: () => void = () => {};

/** Resolved once the page the app opened on has painted its content. */
export const openingContent = new Promise<void>((resolve) => {
  show = resolve;
});

/** The content is painted by the frame after the next one; calls after the first change nothing. */
export function markContentShown(): void {
  requestAnimationFrame(() => requestAnimationFrame(show));
}

/**
 * For a page whose content comes after its first render (the results page: after the search
 * answer): it marks it once `shown`. Every other page marks it on its first render (lazy-pages.tsx).
 */
export function useContentShown(shown: boolean): void {
  useEffect(() => {
    if (shown) markContentShown();
  }, [shown]);
}
