import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/reviews';
import { MAX_REVIEW_PHOTOS } from '../../../domain/reviews-status';
import { photoUploads } from '../../http/photo-uploads';
import { route } from '../../http/route';
import * as service from './reviews.service';

export function reviewsRoutes(app: FastifyInstance) {
  for (const e of [api.createReview, api.createReviewV1])
    route(app, e, async ({ db, actor, body }) => ({ data: await service.createReview(db, actor, body) }));
  route(app, api.listReviews, ({ db, actor, query }) => service.listPublished(db, actor, query));
  route(app, api.ratingSummaries, async ({ db, query }) => ({
    data: await service.ratingSummaries(db, query.modelIds),
  }));
  route(app, api.reviewableLines, async ({ db, actor, query }) => ({
    data: await service.reviewableLines(db, actor, query.orderId),
  }));
  route(app, api.getReview, async ({ db, actor, params }) => ({
    data: await service.getReview(db, actor, params.id),
  }));
  route(app, api.voteHelpful, async ({ db, actor, params }) => ({
    data: await service.voteHelpful(db, actor, params.id),
  }));
  route(app, api.reviewImageFile, async ({ db, config, actor, params, query, reply }) => {
    const bytes = await service.photoFile(db, config, actor, params.id, query.w);
    return reply.type('image/webp').header('cache-control', 'private, max-age=3600').send(bytes);
  });

  route(app, api.listReviewsV1, ({ db, actor, query }) => service.listQueue(db, actor, query));
  route(app, api.getReviewV1, async ({ db, actor, params }) => ({
    data: await service.getOwnOrStaffReview(db, actor, params.id),
  }));
  route(app, api.updateReview, async ({ db, actor, params, body }) => ({
    data: await service.updateReview(db, actor, params.id, body),
  }));
  route(app, api.moderateReview, async ({ db, actor, params, body }) => ({
    data: await service.moderateReview(db, actor, params.id, body),
  }));
  route(app, api.listReviewImages, async ({ db, actor, params }) => ({
    data: await service.listPhotos(db, actor, params.id),
  }));
  route(app, api.uploadReviewImages, async ({ db, config, actor, params, req }) => ({
    data: await service.uploadPhotos(
      db,
      config,
      actor,
      params.id,
      await photoUploads(req, MAX_REVIEW_PHOTOS),
    ),
  }));
  route(app, api.deleteReviewImage, async ({ db, config, actor, params }) => {
    await service.deletePhoto(db, config, actor, params.id);
    return { ok: true as const };
  });
}
