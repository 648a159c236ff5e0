import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Review } from '../../../contract/reviews';
import { firstProblemDetail, useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { ReviewCard, ReviewStatusBadge } from './ReviewCard';
import { useModerateReviewMutation, useReviewQueueQuery } from './reviews.api';
import { StatusListPage, useStatusListFilters } from '../../components/StatusListPage';
import { isPublished, type ReviewStatus, reviewStatuses } from '../../../domain/reviews-status';

// A review is a card with its text and photos: ten keep a page readable.
const REVIEWS_PAGE_SIZE = 10;

/** The staff console's review queue: pending reviews oldest first; publish, hide with a reason, answer. */
export function ReviewQueuePage() {
  const list = useStatusListFilters<ReviewStatus>({ initial: 'pending', pageSize: REVIEWS_PAGE_SIZE });
  const answer = useReviewQueueQuery(list.query);
  return (
    <StatusListPage
      title="Reviews"
      noun="reviews"
      statuses={reviewStatuses}
      filter="tabs"
      controls={list.controls}
      answer={answer}
      unreadable="The reviews cannot be read right now."
      rows={{
        as: 'cards',
        card: (r) => <ReviewCard key={r.id} review={r} footer={<Moderation review={r} />} />,
      }}
    />
  );
}

function Moderation({ review }: { review: Review }) {
  const [moderate, { isLoading }] = useMutationWithToast(useModerateReviewMutation());
  const [reason, setReason] = useState(review.hiddenReason ?? '');
  const [answer, setAnswer] = useState(review.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  // A refusal is shown under the review's controls, beside what was refused.
  const send = async (body: Parameters<typeof moderate>[0]['body'], done: string) => {
    setError(null);
    const res = await moderate({ id: review.id, body }, { success: done, failure: null });
    if (!res.ok) setError(firstProblemDetail(res.problem));
  };
  return (
    <Stack gap="xs" mt="xs">
      <Group gap="xs">
        <ReviewStatusBadge status={review.status} />
        <Text size="xs" c="dimmed">
          {review.brand} {review.line}
        </Text>
        {review.hiddenReason && (
          <Text size="xs" c="red">
            Hidden: {review.hiddenReason}
          </Text>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap">
        {!isPublished(review.status) && (
          <Button
            size="xs"
            color="green"
            loading={isLoading}
            onClick={() => send({ status: 'published' }, 'Published')}
          >
            Publish
          </Button>
        )}
        <TextInput
          size="xs"
          placeholder="Reason the author reads"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          aria-label={`Reason to hide review ${review.id}`}
          w={240}
        />
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={isLoading}
          onClick={() => send({ status: 'hidden', hiddenReason: reason }, 'Hidden')}
        >
          Hide
        </Button>
      </Group>
      <Group align="flex-end" wrap="wrap">
        <Textarea
          size="xs"
          placeholder="Public answer"
          value={answer}
          onChange={(e) => setAnswer(e.currentTarget.value)}
          autosize
          minRows={1}
          w={360}
          aria-label={`Answer to review ${review.id}`}
        />
        <Button
          size="xs"
          variant="default"
          loading={isLoading}
          onClick={() => send({ answer }, 'Answer saved')}
        >
          Save answer
        </Button>
      </Group>
      {error && (
        <Text c="red" size="xs">
          {error}
        </Text>
      )}
    </Stack>
  );
}
