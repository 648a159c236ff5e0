import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Rating.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  Loader,
  NumberInput,
  Rating,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Review } from '../../../contract/reviews';
import {
  isHidden,
  MAX_REVIEW_PHOTOS,
  type RatingAspect,
  ratingAspects,
} from '../../../domain/reviews-status';
import type { ApiFailure } from '../../api/api';
import { PageTitle } from '../../components/PageTitle';
import { ReviewStatusBadge } from './ReviewCard';
import {
  useCreateReviewMutation,
  useDeletePhotoMutation,
  useOwnReviewQuery,
  useReviewableQuery,
  useUpdateReviewMutation,
  useUploadPhotosMutation,
} from './reviews.api';

const aspectLabel: Record<RatingAspect, string> = {
  dry: 'Dry grip',
  wet: 'Wet grip',
  snow: 'Snow',
  noise: 'Quietness',
  treadwear: 'Treadwear',
};
type Stars = Record<'overall' | RatingAspect, number>;
const noStars: Stars = { overall: 0, dry: 0, wet: 0, snow: 0, noise: 0, treadwear: 0 };

/** /reviews/new?product=&order= and /reviews/:id/edit: a fleet's review of a tire line it received. */
export function ReviewFormPage() {
  const { id } = useParams();
  const reviewId = id ? Number(id) : null;
  const { data: existing, isError: notMine } = useOwnReviewQuery(reviewId ?? 0, { skip: !reviewId });
  return (
    <Stack maw={760}>
      <PageTitle title={reviewId ? 'Edit your review' : 'Review a tire'} />
      {notMine && <Alert color="red">This review cannot be shown.</Alert>}
      {reviewId ? existing ? <ReviewForm review={existing} /> : !notMine && <Loader /> : <NewReview />}
    </Stack>
  );
}

function NewReview() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order')) || undefined;
  const productId = Number(params.get('product')) || null;
  const { data: lines, isLoading, isError } = useReviewableQuery({ orderId });
  const [modelId, setModelId] = useState<number | null>(null);
  const preset =
    lines?.find((l) => l.productId === productId) ?? (lines?.length === 1 ? lines[0] : undefined);
  useEffect(() => {
    if (preset && modelId === null) setModelId(preset.modelId);
  }, [preset, modelId]);
  if (isLoading) return <Loader aria-label="Loading your tires" />;
  if (isError) return <Alert color="red">Your delivered tires cannot be read right now.</Alert>;
  if (!lines?.length)
    return (
      <Alert color="gray" title="Nothing to review yet">
        Reviews come from fleets that received the tires: once an order of your company is delivered, its
        tires can be reviewed here.
      </Alert>
    );
  const line = lines.find((l) => l.modelId === modelId);
  return (
    <>
      <Select
        label="Tire line"
        placeholder="Choose a tire your company received"
        data={lines.map((l) => ({
          value: String(l.modelId),
          label: `${l.brand} ${l.line} (${l.size}${l.orderNumber ? `, order ${l.orderNumber}` : ''})${l.reviewId ? ' · reviewed' : ''}`,
        }))}
        value={modelId ? String(modelId) : null}
        onChange={(v) => setModelId(v ? Number(v) : null)}
      />
      {line?.reviewId && (
        <Alert color="blue">
          You have reviewed this line. <Link to={`/reviews/${line.reviewId}/edit`}>Edit your review</Link>
        </Alert>
      )}
      {line && !line.reviewId && (
        <ReviewForm key={line.modelId} line={{ modelId: line.modelId, productId: line.productId }} />
      )}
    </>
  );
}

function ReviewForm({ review, line }: { review?: Review; line?: { modelId: number; productId: number } }) {
  const navigate = useNavigate();
  const [stars, setStars] = useState<Stars>(
    review
      ? { ...noStars, ...Object.fromEntries(Object.entries(review.ratings).map(([k, v]) => [k, v ?? 0])) }
      : noStars,
  );
  const [title, setTitle] = useState(review?.title ?? '');
  const [body, setBody] = useState(review?.body ?? '');
  const [vehicle, setVehicle] = useState(review?.vehicle ?? '');
  const [miles, setMiles] = useState<number | string>(review?.milesDriven ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateReviewMutation();
  const [update, updating] = useUpdateReviewMutation();
  const [upload, uploading] = useUploadPhotosMutation();
  const [removePhoto] = useDeletePhotoMutation();
  const room = MAX_REVIEW_PHOTOS - (review?.images.length ?? 0);

  const submit = async () => {
    const fields = {
      overall: stars.overall,
      ...Object.fromEntries(ratingAspects.map((a) => [a, stars[a] || null])),
      milesDriven: miles === '' ? null : Number(miles),
      vehicle,
      title,
      body,
    };
    if (!stars.overall) return setErrors({ overall: 'Give the tire 1 to 5 stars' });
    if (files.length > room) return setErrors({ file: `At most ${room} more photo(s)` });
    const saved = review
      ? await update({ id: review.id, body: fields })
      : await create({ modelId: line?.modelId ?? 0, productId: line?.productId ?? null, ...fields });
    if ('error' in saved) return setErrors(pointers(saved.error as ApiFailure));
    // The thanks is said once the review and its photos, if any, are in; refused photos are
    // shown under the photo field.
    const sent = await toastOutcome<unknown>(
      files.length ? upload({ id: saved.data.id, files }) : Promise.resolve(null),
      { success: 'Thank you: your review is read by our team before it is shown', failure: null },
    );
    if (!sent.ok) {
      setErrors({ file: sent.problem.message });
      return navigate(`/reviews/${saved.data.id}/edit`, { replace: true });
    }
    navigate(`/reviews/${saved.data.id}/edit`, { replace: true });
    setFiles([]);
  };

  return (
    <Card withBorder padding="lg">
      <Stack>
        {review && (
          <Group>
            <Text fw={600}>
              {review.brand} {review.line}
            </Text>
            <ReviewStatusBadge status={review.status} />
          </Group>
        )}
        {isHidden(review?.status) && (
          <Alert color="red" title="Not shown to other fleets">
            {review.hiddenReason} — edit the review and it will be read again.
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500}>
            Overall
          </Text>
          <Rating
            value={stars.overall}
            onChange={(v) => setStars({ ...stars, overall: v })}
            size="lg"
            aria-label="Overall stars"
          />
          {errors.overall && (
            <Text c="red" size="xs">
              {errors.overall}
            </Text>
          )}
        </div>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {ratingAspects.map((a) => (
            <div key={a}>
              <Text size="xs">{aspectLabel[a]}</Text>
              <Rating
                value={stars[a]}
                onChange={(v) => setStars({ ...stars, [a]: v })}
                aria-label={`${aspectLabel[a]} stars`}
              />
            </div>
          ))}
        </SimpleGrid>
        <TextInput
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={120}
          error={errors.title}
          required
        />
        <Textarea
          label="Your review"
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          minRows={4}
          autosize
          maxLength={5000}
          error={errors.body}
          required
        />
        <Group grow wrap="wrap">
          <TextInput
            label="Vehicle"
            placeholder="Ford F-150 2021"
            value={vehicle}
            onChange={(e) => setVehicle(e.currentTarget.value)}
            maxLength={120}
            error={errors.vehicle}
          />
          <NumberInput
            label="Miles driven on them"
            value={miles}
            onChange={setMiles}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            thousandSeparator=","
            error={errors.milesDriven}
          />
        </Group>
        {review && review.images.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
            {review.images.map((img) => (
              <Stack key={img.id} gap={2}>
                <Image src={`${img.url}?w=320`} h={80} fit="cover" radius="sm" alt="Your photo" />
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => removePhoto({ id: img.id, reviewId: review.id })}
                >
                  Remove
                </Button>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        <FileInput
          label={`Photos (PNG, JPEG or WebP, up to 5 MB each; ${room} more)`}
          placeholder="Choose photos"
          multiple
          accept="image/png,image/jpeg,image/webp"
          value={files}
          onChange={setFiles}
          clearable
          disabled={room <= 0}
          error={errors.file}
        />
        <Group>
          <Button onClick={submit} loading={creating.isLoading || updating.isLoading || uploading.isLoading}>
            {review ? 'Save changes' : 'Send review'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function pointers(problem: ApiFailure): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of problem.errors ?? []) out[e.pointer.replace('/body/', '')] = e.detail;
  if (!problem.errors?.length) out.body = problem.message;
  return out;
}
