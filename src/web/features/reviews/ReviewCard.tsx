import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Badge, Button, Card, Group, Image, Rating, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Review } from '../../../contract/reviews';
import { type ReviewStatus, ratingAspects } from '../../../domain/reviews-status';

// What a review's status looks like to its author and to staff: shown green, hidden red.
const statusColor: Record<ReviewStatus, string> = { pending: 'gray', published: 'green', hidden: 'red' };

export const ReviewStatusBadge = ({ status }: { status: ReviewStatus }) => (
  <Badge color={statusColor[status]}>{status}</Badge>
);

const aspectLabel = { dry: 'Dry', wet: 'Wet', snow: 'Snow', noise: 'Noise', treadwear: 'Treadwear' } as const;

/** One review as shoppers read it: stars, verified badge, text, photos, Tread's answer. */
export function ReviewCard({ review, footer }: { review: Review; footer?: React.ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid="review">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Rating
              value={review.ratings.overall}
              readOnly
              size="sm"
              aria-label={`${review.ratings.overall} of 5`}
            />
            <Text fw={600}>{review.title}</Text>
          </Group>
          {review.verifiedPurchase && (
            <Badge color="green" variant="light">
              Verified fleet purchase
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {review.authorName}, {review.companyName} · {new Date(review.createdAt).toLocaleDateString('en-US')}
          {review.vehicle && ` · ${review.vehicle}`}
          {review.milesDriven !== null && ` · ${review.milesDriven.toLocaleString('en-US')} miles`}
          {review.size && ` · ${review.size}`}
        </Text>
        <Group gap="md">
          {ratingAspects.map((a) =>
            review.ratings[a] ? (
              <Text key={a} size="xs">
                {aspectLabel[a]} {review.ratings[a]}/5
              </Text>
            ) : null,
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {review.body}
        </Text>
        {review.images.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
            {review.images.map((img) => (
              <a key={img.id} href={img.url} target="_blank" rel="noreferrer">
                <Image
                  src={`${img.url}?w=320`}
                  srcSet={img.srcSet}
                  sizes="120px"
                  alt={`Photo of ${review.brand} ${review.line} by ${review.authorName}`}
                  h={90}
                  fit="cover"
                  radius="sm"
                />
              </a>
            ))}
          </SimpleGrid>
        )}
        {review.answer && (
          <Card bg="gray.0" padding="xs">
            <Text size="xs" fw={600}>
              Tread answered
            </Text>
            <Text size="sm">{review.answer}</Text>
          </Card>
        )}
        {footer}
      </Stack>
    </Card>
  );
}

export function HelpfulButton({ review, onVote, busy }: { review: Review; onVote(): void; busy: boolean }) {
  if (review.mine)
    return (
      <Text size="xs" c="dimmed">
        {review.helpfulCount} found this helpful
      </Text>
    );
  return (
    <Group gap="xs">
      <Button size="compact-xs" variant="light" disabled={review.votedByMe} loading={busy} onClick={onVote}>
        {review.votedByMe ? 'You found this helpful' : 'Was this helpful?'}
      </Button>
      <Text size="xs" c="dimmed">
        {review.helpfulCount} found this helpful
      </Text>
    </Group>
  );
}
