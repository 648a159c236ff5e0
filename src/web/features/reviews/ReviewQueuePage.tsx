import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { showToast } from '../../lib/toasts';
import { useState } from 'react';
import type { Review } from '../../../contract/reviews';
import type { ApiFailure } from '../../api/api';
import { ReviewCard } from './ReviewCard';
import { useModerateReviewMutation, useReviewQueueQuery } from './reviews.api';
import { StatusTabsPage } from '../../components/StatusListPage';

type Filter = 'pending' | 'published' | 'hidden' | 'all';
// A review is a card with its text and photos: ten keep a page readable.
const REVIEWS_PAGE_SIZE = 10;

/** The staff console's review queue: pending reviews oldest first; publish, hide with a reason, answer. */
export function ReviewQueuePage() {
  const [at, setAt] = useState<{ status: Filter; page: number }>({ status: 'pending', page: 1 });
  const answer = useReviewQueueQuery({
    page: at.page - 1,
    pageSize: REVIEWS_PAGE_SIZE,
    ...(at.status !== 'all' && { status: at.status }),
  });
  return (
    <StatusTabsPage
      title="Reviews"
      noun="reviews"
      statuses={['pending', 'published', 'hidden', 'all']}
      status={at.status}
      page={at.page}
      onChange={setAt}
      answer={answer}
      unreadable="The reviews cannot be read right now."
      pageSize={REVIEWS_PAGE_SIZE}
      item={(r) => <ReviewCard key={r.id} review={r} footer={<Moderation review={r} />} />}
    />
  );
}

function Moderation({ review }: { review: Review }) {
  const [moderate, { isLoading }] = useModerateReviewMutation();
  const [reason, setReason] = useState(review.hiddenReason ?? '');
  const [answer, setAnswer] = useState(review.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  const send = async (body: Parameters<typeof moderate>[0]['body'], done: string) => {
    setError(null);
    const res = await moderate({ id: review.id, body });
    if ('error' in res)
      setError((res.error as ApiFailure).errors?.[0]?.detail ?? (res.error as ApiFailure).message);
    else showToast({ color: 'green', message: done });
  };
  return (
    <Stack gap="xs" mt="xs">
      <Group gap="xs">
        <Badge color={review.status === 'published' ? 'green' : review.status === 'hidden' ? 'red' : 'gray'}>
          {review.status}
        </Badge>
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
        {review.status !== 'published' && (
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
