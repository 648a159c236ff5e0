import { isPublished } from '../../../domain/reviews-status';
import type { ReviewImage } from '../../../contract/reviews';
import { isStaff } from '../../../domain/roles';
import type { Actor } from '../../http/actor';
import { forbidden, notFound } from '../../http/errors';
import type { ImageRow } from './reviews.repository';

// Who may read and change a review, and how its photos are addressed; shared by the review and
// photo use cases.

export const imageUrl = (id: number, width?: number) =>
  `/api/reviews/image/${id}${width ? `?w=${width}` : ''}`;

export function toImage(row: ImageRow): ReviewImage {
  return {
    id: row.id,
    reviewId: row.reviewId,
    widths: row.widths,
    width: row.width,
    height: row.height,
    url: imageUrl(row.id),
    srcSet: row.widths.map((w) => `${imageUrl(row.id, w)} ${w}w`).join(', '),
  };
}

export const canSeeAll = (actor: Actor) => isStaff(actor.role);

/** Only the author changes a review: another's review answers 404 unless it is public (then 403). */
export function assertAuthor(actor: Actor, r: { userId: number; status: string }) {
  if (r.userId === actor.userId) return;
  if (isPublished(r.status) || canSeeAll(actor)) throw forbidden('Only its author may change a review');
  throw notFound('Review');
}
