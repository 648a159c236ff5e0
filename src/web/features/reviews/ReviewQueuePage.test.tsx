import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Review } from '../../../contract/reviews';
import { renderApp } from '../../test/render';
import { problem, stubServer } from '../../test/server-stub';
import { ReviewQueuePage } from './ReviewQueuePage';

const review = (id: number, patch: Partial<Review> = {}): Review => ({
  id,
  modelId: 2,
  brand: 'Michelin',
  line: 'Defender',
  productId: null,
  size: '215/60R16',
  authorName: 'Pat Buyer',
  companyName: 'Demo Fleet Services',
  verifiedPurchase: true,
  ratings: { overall: 4, dry: null, wet: null, snow: null, noise: null, treadwear: null },
  milesDriven: null,
  vehicle: 'Transit van',
  title: `Review ${id}`,
  body: 'Even wear',
  status: 'pending',
  hiddenReason: null,
  answer: null,
  answeredAt: null,
  helpfulCount: 0,
  votedByMe: false,
  mine: false,
  images: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...patch,
});

let server: ReturnType<typeof stubServer>;
beforeEach(() => {
  server = stubServer()
    .on('GET', '/api/v1/review', (r) => {
      const status = new URLSearchParams(r.query).get('status');
      const list = status === 'hidden' ? [] : [review(1)];
      return { body: { data: { list, count: list.length } } };
    })
    .on('PUT', '/api/v1/review/:id/moderation', { body: { data: review(1, { status: 'published' }) } });
});

const queries = () =>
  server.sent('GET', '/api/v1/review').map((r) => Object.fromEntries(new URLSearchParams(r.query)));

describe('the review queue', () => {
  it('opens on the pending reviews, ten a page; a tab asks for another status, "all" for every one', async () => {
    const { user } = renderApp(<ReviewQueuePage />);
    expect(await screen.findByText('Review 1')).toBeVisible();
    expect(queries()).toEqual([{ page: '0', pageSize: '10', status: 'pending' }]);

    await user.click(screen.getByRole('radio', { name: 'hidden' }));
    expect(await screen.findByText('No hidden reviews.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'all' }));
    await waitFor(() => expect(queries().at(-1)).toEqual({ page: '0', pageSize: '10' }));
  });

  it('says in a toast that a review was published', async () => {
    const { user } = renderApp(<ReviewQueuePage />);
    const card = (await screen.findAllByTestId('review'))[0];
    await user.click(within(card).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Published', { exact: true })).toBeVisible();
    expect(server.sent('PUT', '/api/v1/review/1/moderation')[0].body).toEqual({ status: 'published' });
  });

  it("shows a refusal under the review's controls, not in a toast as well", async () => {
    server.on(
      'PUT',
      '/api/v1/review/:id/moderation',
      problem(422, 'Invalid request', {
        errors: [{ pointer: '/body/hiddenReason', detail: 'Say why it is hidden' }],
      }),
    );
    const { user } = renderApp(<ReviewQueuePage />);
    const card = (await screen.findAllByTestId('review'))[0];
    await user.click(within(card).getByRole('button', { name: 'Hide' }));

    expect(await within(card).findByText('Say why it is hidden')).toBeVisible();
    // A toast comes a moment later (its module loads with the first one): give it that moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getAllByText('Say why it is hidden')).toHaveLength(1);
    expect(screen.queryByText('Invalid request')).not.toBeInTheDocument();
  });
});
