import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RatingSummary } from '../../../contract/reviews';
import { HelpfulButton, ReviewCard } from './ReviewCard';
import {
  useProductByCodeForReviewsQuery,
  usePublishedReviewsQuery,
  useVoteHelpfulMutation,
} from './reviews.api';
import { pageCount } from '../../lib/paging';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

// A review is a card with its text and photos: ten keep a page readable.
const REVIEWS_PAGE_SIZE = 10;

function Summary({ s }: { s: RatingSummary }) {
  return (
    <Stack gap={4} miw={220}>
      <Text size="xl" fw={700} data-testid="rating-average">
        {s.average?.toFixed(1) ?? '–'}{' '}
        <Text span size="sm" c="dimmed">
          of 5, {s.count} review{s.count === 1 ? '' : 's'}
        </Text>
      </Text>
      {[5, 4, 3, 2, 1].map((star) => (
        <Group key={star} gap="xs" wrap="nowrap">
          <Text size="xs" w={40}>
            {star} star
          </Text>
          <Progress value={s.count ? (s.stars[star - 1] / s.count) * 100 : 0} w={140} size="sm" />
          <Text size="xs">{s.stars[star - 1]}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The product view's reviews of the SKU's tire line: summary, filters, sort, helpful votes. */
export function ProductReviews({ code, make }: { code: string; make: string }) {
  const { data: product } = useProductByCodeForReviewsQuery({ code, make }, { skip: !code || !make });
  const [rating, setRating] = useState<string | null>(null);
  const [vehicleText, setVehicle] = useState('');
  const [vehicle] = useDebouncedValue(vehicleText.trim(), 300);
  const [sort, setSort] = useState<'newest' | 'helpful'>('newest');
  const [page, setPage] = useState(1);
  const query = {
    modelId: product?.modelId ?? 0,
    page: page - 1,
    pageSize: REVIEWS_PAGE_SIZE,
    sort,
    ...(rating && { rating: Number(rating) }),
    ...(vehicle && { vehicle }),
  };
  const { data, isFetching, isError } = usePublishedReviewsQuery(query, { skip: !product });
  const [vote, { isLoading: voting, originalArgs }] = useMutationWithToast(useVoteHelpfulMutation());
  if (!product) return null;
  const onVote = (id: number) => vote(id, { failure: 'Your vote was not counted' });
  const filtered = !!rating || !!vehicle;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="reviews-title">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3" id="reviews-title">
            Fleet reviews
          </Title>
          <Button component={Link} to={`/reviews/new?product=${product.productId}`} variant="light" size="xs">
            Review this tire
          </Button>
        </Group>
        {data && <Summary s={data.summary} />}
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label="Filter by stars"
            placeholder="All stars"
            clearable
            w={140}
            data={['5', '4', '3', '2', '1'].map((v) => ({ value: v, label: `${v} stars` }))}
            value={rating}
            onChange={(v) => {
              setRating(v);
              setPage(1);
            }}
          />
          <TextInput
            aria-label="Filter by vehicle"
            placeholder="Vehicle, e.g. F-150"
            w={200}
            value={vehicleText}
            onChange={(e) => {
              setVehicle(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            aria-label="Sort reviews"
            w={160}
            allowDeselect={false}
            data={[
              { value: 'newest', label: 'Newest first' },
              { value: 'helpful', label: 'Most helpful' },
            ]}
            value={sort}
            onChange={(v) => v && setSort(v as 'newest' | 'helpful')}
          />
        </Group>
        {isError && <Alert color="red">The reviews cannot be shown right now.</Alert>}
        {!data && isFetching && (
          <Center>
            <Loader size="sm" aria-label="Loading reviews" />
          </Center>
        )}
        {data && data.count === 0 && (
          <Text c="dimmed" size="sm">
            {filtered ? 'No review matches these filters.' : 'No fleet has reviewed this tire line yet.'}
          </Text>
        )}
        {data?.list.map((r) => (
          <ReviewCard
            key={r.id}
            review={r}
            footer={
              <HelpfulButton review={r} busy={voting && originalArgs === r.id} onVote={() => onVote(r.id)} />
            }
          />
        ))}
        {data && data.count > REVIEWS_PAGE_SIZE && (
          <Pagination
            total={pageCount(data.count, REVIEWS_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            size="sm"
          />
        )}
      </Stack>
    </Card>
  );
}
