import { useEffect } from 'react';

/**
 * When the content of the page the app opened on is on screen. What the first paint of that
 * content does not need (the toasts' container, a result card's extras) is asked for after it (afterOpeningPage, below): Lighthouse's simulated LCP
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

/**
 * A task of its own for what follows: Vite's preload helper appends a link per chunk of what it
 * loads, and each request started from script costs the main thread 1–2 ms (4–8 ms at 4× CPU).
 * Asked for in the task that ran the app's modules, the opening page's chunks made it one long
 * task (docs/performance-web.md, "Fifth round").
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * A loader for a chunk that the first paint does not need (the toasts' container, a result
 * card's extras, the compare tray): it asks for it once the opening page's content is on
 * screen, each in a task of its own. Asked for at once, it shared a
 * phone's slow link with the page's chunks and delayed its content (docs/performance-web.md,
 * "CSS per page"). Never a route's own page: it would wait for itself.
 */
export function afterOpeningPage<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    await openingContent;
    await nextTask();
    return load();
  };
}
