// Review moderation: the one transition table for the server's checks and the console's buttons.
// An author's edit sends a published or hidden review back to pending, to be read again.
import { assertTransition, type TransitionTable } from './status-machine';

export const reviewStatuses = ['pending', 'published', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewTransitions: TransitionTable<ReviewStatus> = {
  pending: ['published', 'hidden'],
  published: ['hidden', 'pending'],
  hidden: ['published', 'pending'],
};

export function assertReviewTransition(from: ReviewStatus, to: ReviewStatus): void {
  assertTransition('review', reviewTransitions, from, to);
}

/** The photos a review may carry. */
export const MAX_REVIEW_PHOTOS = 6;

/** The rating aspects besides the overall one, as the review form and the summary list them. */
export const ratingAspects = ['dry', 'wet', 'snow', 'noise', 'treadwear'] as const;
export type RatingAspect = (typeof ratingAspects)[number];

/** Whether a review is shown to everyone (staff published it). */
export const isPublished = (status: string | undefined) => status === 'published';

/** Whether staff hid the review (its author reads why). */
export const isHidden = (status: string | undefined) => status === 'hidden';

/** Whether a review waits for staff to read it (new, or edited by its author since). */
export const awaitsModeration = (status: string | undefined) => status === 'pending';
