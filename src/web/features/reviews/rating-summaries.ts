import { useEffect, useSyncExternalStore } from 'react';
import type { RatingSummary } from '../../../contract/reviews';
import { reviewRoutes } from '../../api/routes';
import { call } from '../../api/client';

/**
 * The result cards' stars: one request per list of tire lines, through `call()` and a route of
 * api/routes.ts rather than RTK Query. The results page's cards are its only users, and RTK
 * Query's chunk (13 KB gzipped) with its store injection was most of the work after the first
 * cards (docs/performance-web.md, "Eighth round"); no Zod either.
 *
 * Answers are kept while some card shows them and dropped when the last one goes (leaving the
 * results page): coming back asks again, so a review published meanwhile shows.
 */
type Entry = { data?: RatingSummary[]; failed?: boolean };

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let users = 0;

const changed = () => {
  for (const listener of listeners) listener();
};

function load(key: string, modelIds: number[]): void {
  if (entries.has(key)) return;
  const asked: Entry = {};
  entries.set(key, asked);
  // A new entry object when the answer comes: useSyncExternalStore re-renders on a new snapshot.
  const settle = (entry: Entry) => {
    if (entries.get(key) !== asked) return; // dropped meanwhile (the results page was left)
    entries.set(key, entry);
    changed();
  };
  call(reviewRoutes.ratingSummaries, { query: { modelIds } }).then(
    (answer) => settle({ data: answer.data }),
    // The stars are an extra of the card: a failed request leaves them out, it does not stop the page.
    () => settle({ failed: true }),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The summaries of these tire lines (sorted ids), once they are here; undefined until then. */
export function useRatingSummaries(modelIds: number[]): RatingSummary[] | undefined {
  const key = modelIds.join(',');
  useEffect(() => {
    users += 1;
    return () => {
      users -= 1;
      if (users === 0) entries.clear();
    };
  }, []);
  useEffect(() => load(key, modelIds), [key, modelIds]);
  const entry = useSyncExternalStore(subscribe, () => entries.get(key));
  return entry?.failed ? [] : entry?.data;
}
