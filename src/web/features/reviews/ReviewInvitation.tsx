import '@mantine/core/styles/Card.layer.css';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useReviewableQuery } from './reviews.api';
import { hasArrived } from '../../../domain/order-status';

/** On a delivered order: an invitation to review each tire line it brought. */
export function ReviewInvitation({ orderId, status }: { orderId: number; status: string }) {
  const delivered = hasArrived(status);
  const { data: lines } = useReviewableQuery({ orderId }, { skip: !delivered });
  if (!delivered || !lines?.length) return null;
  return (
    <Card withBorder mt="md" data-testid="review-invitation">
      <Text fw={600} mb="xs">
        How are these tires doing? Other fleets choose on your experience.
      </Text>
      <Stack gap={4}>
        {lines.map((l) => (
          <Group key={l.modelId} justify="space-between" wrap="wrap">
            <Text size="sm">
              {l.brand} {l.line} · {l.size}
            </Text>
            <Anchor
              component={Link}
              size="sm"
              to={
                l.reviewId
                  ? `/reviews/${l.reviewId}/edit`
                  : `/reviews/new?product=${l.productId}&order=${orderId}`
              }
            >
              {l.reviewId ? 'Edit your review' : 'Write a review'}
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
