import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { PageTitle } from '../../components/PageTitle';
import { useCreateQuoteMutation } from './quotes.api';

interface Line {
  key: number;
  size: string;
  quantity: number;
  roadHazard: boolean;
}

let nextKey = 0;
const blank = (): Line => ({ key: nextKey++, size: '', quantity: 4, roadHazard: false });

/**
 * /quotes/new: a buyer asks for a quote. Lines come prefilled from a search (`?size=…`) or from
 * the cart (`?from=cart`), and can be edited; sales answers with good, better and best options.
 */
export function QuoteRequestPage() {
  const [params] = useSearchParams();
  const cart = useAppSelector((s) => s.cart.cart);
  const navigate = useNavigate();
  const [create, { isLoading, error }] = useCreateQuoteMutation();
  const [title, setTitle] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>(() => {
    if (params.get('from') === 'cart' && cart?.orderItems.length)
      return cart.orderItems.map((i) => ({
        ...blank(),
        size: i.size,
        quantity: i.orderItemQuantity,
        roadHazard: i.orderItemRoadHazard,
      }));
    const size = params.get('size');
    return [{ ...blank(), size: size ?? '', quantity: Number(params.get('quantity')) || 4 }];
  });
  const set = (i: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  const fieldError = (i: number, field: string) =>
    error && 'errors' in error
      ? error.errors?.find((e) => e.pointer === `/body/items/${i}/${field}`)?.detail
      : undefined;
  const submit = async () => {
    const result = await create({
      title,
      note,
      items: lines.map(({ key: _key, ...l }) => ({ ...l, size: l.size.trim() })),
    });
    if ('data' in result && result.data) navigate(`/quotes/${result.data.data.id}`);
  };
  return (
    <>
      <PageTitle title="Request a quote" />
      <Stack maw={720}>
        <TextInput
          label="What is it for?"
          placeholder="Spring fleet rotation"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        {lines.map((line, i) => (
          <Group key={line.key} align="flex-end" wrap="wrap">
            <TextInput
              label={`Line ${i + 1}: tire size`}
              placeholder="225/45R17"
              value={line.size}
              onChange={(e) => set(i, { size: e.currentTarget.value })}
              error={fieldError(i, 'size')}
              w={200}
            />
            <NumberInput
              label="Tires"
              min={1}
              max={1000}
              value={line.quantity}
              onChange={(v) => set(i, { quantity: Number(v) || 1 })}
              error={fieldError(i, 'quantity')}
              w={100}
            />
            <Checkbox
              label="Road hazard"
              checked={line.roadHazard}
              onChange={(e) => set(i, { roadHazard: e.currentTarget.checked })}
              mb={8}
            />
            {lines.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove line ${i + 1}`}
                onClick={() => setLines((ls) => ls.filter((_, n) => n !== i))}
                mb={4}
              >
                ✕
              </ActionIcon>
            )}
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            onClick={() => setLines((ls) => [...ls, blank()])}
            disabled={lines.length >= 100}
          >
            Add a line
          </Button>
        </Group>
        <Textarea
          label="Anything else sales should know"
          placeholder="Deliver before the 15th, Michelin or Bridgestone preferred"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        {error && (
          <Alert color="red">{'message' in error ? error.message : 'The request could not be sent'}</Alert>
        )}
        <Group>
          <Button onClick={submit} loading={isLoading}>
            Send the request
          </Button>
        </Group>
      </Stack>
    </>
  );
}
