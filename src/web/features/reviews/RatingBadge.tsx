import { createSelector } from '@reduxjs/toolkit';
import { useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { type RootState, useAppSelector } from '../../lib/store-hooks';
import { useRatingSummaries } from './rating-summaries';
import { Stars } from './Stars';
import css from './Stars.module.css';

const byNumber = (a: number, b: number) => a - b;
/**
 * The lines of the results list, once per list (not a new array on every store update, which
 * re-rendered every card's badge on each action).
 */
const selectModelIds = createSelector([(s: RootState) => s.shop.list], (list) =>
  [...new Set(list.map((i) => i.modelId))].sort(byNumber),
);

/**
 * Average stars and count of a line's published reviews on a result card. Every card asks for
 * the lines of the whole results list at once, so a page of results makes one request.
 */
export function RatingBadge({ modelId }: { modelId: number }) {
  const ids = useAppSelector(selectModelIds, shallowEqual);
  const wanted = useMemo(
    () => (ids.includes(modelId) ? ids : [...ids, modelId].sort(byNumber)),
    [ids, modelId],
  );
  const data = useRatingSummaries(wanted);
  // A line of the badge's height while the summaries load: the card keeps its size.
  if (!data)
    return (
      <span className={css.badge} aria-hidden>
        {'\u00a0'}
      </span>
    );
  const summary = data.find((s) => s.modelId === modelId);
  if (!summary) return null;
  if (!summary.count)
    return (
      <span className={`${css.badge} ${css.dimmed}`} data-testid="rating-badge">
        No reviews yet
      </span>
    );
  return (
    <span
      className={css.badge}
      data-testid="rating-badge"
      role="img"
      aria-label={`Rated ${summary.average} of 5 by ${summary.count}`}
    >
      <Stars value={summary.average ?? 0} />
      {summary.average?.toFixed(1)} ({summary.count})
    </span>
  );
}
