import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiFailure } from '../../api/api';
import { problemOf } from '../../api/client';
import {
  CardFields,
  type CardValues,
  cardFieldErrors,
  cardRules,
  emptyCard,
  usePaymentAttempt,
} from '../../components/CardFields';
import {
  type CardOwner,
  useMakeDefaultCardMutation,
  useOpenSaveCardPageMutation,
  useRemoveCardMutation,
  useSavedCardsQuery,
  useSaveCardMutation,
} from './payments.api';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { leaveFor } from '../../lib/leave-for';

interface Props {
  owner: CardOwner;
  /** Whether the viewer may add and remove cards (a company admin, or finance for a customer). */
  canEdit: boolean;
}

/** A company's saved cards: listed, and (for who may) added through the card form or removed. */
export function SavedCards({ owner, canEdit }: Props) {
  const back = useSearchParams()[0].get('card');
  // Back from Stripe's page with a card: the webhook saves it in a moment; the list asks again
  // until a card more than at first shows, for at most 30 s.
  const [wait, setWait] = useState<'waiting' | 'saved' | 'timedOut'>(back === 'saved' ? 'waiting' : 'saved');
  const polling = wait === 'waiting';
  const { data, isLoading, error } = useSavedCardsQuery(owner, { pollingInterval: polling ? 2000 : 0 });
  const count = data?.sources.length;
  const [firstCount, setFirstCount] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (count !== undefined && firstCount === undefined) setFirstCount(count);
    if (polling && firstCount !== undefined && count !== undefined && count > firstCount) setWait('saved');
  }, [count, firstCount, polling]);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(() => setWait('timedOut'), 30_000);
    return () => clearTimeout(timer);
  }, [polling]);
  const [remove] = useRemoveCardMutation();
  const [makeDefault] = useMakeDefaultCardMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (res: Promise<{ error?: unknown }>) => {
    const r = await res;
    setProblem(r.error ? (r.error as ApiFailure).message : null);
  };
  if (isLoading) return <Loader size="sm" aria-label="Loading saved cards" />;
  if (error) return <Alert color="red">{(error as ApiFailure).message}</Alert>;
  const sources = data?.sources ?? [];
  return (
    <Stack gap="sm">
      {sources.length === 0 && (
        <Text size="sm" c="dimmed">
          No saved cards.
        </Text>
      )}
      {sources.length > 0 && (
        <Table aria-label="Saved cards">
          <Table.Tbody>
            {sources.map((s) => (
              <Table.Tr key={s.sourceId}>
                <Table.Td>
                  {s.brand} •••• {s.last4}
                </Table.Td>
                <Table.Td>
                  {s.expMonth}/{s.expYear}
                </Table.Td>
                <Table.Td>
                  {s.isDefault ? (
                    <Badge variant="light">default</Badge>
                  ) : (
                    canEdit &&
                    !owner.staff && (
                      <Button size="compact-xs" variant="subtle" onClick={() => run(makeDefault(s.sourceId))}>
                        Make default
                      </Button>
                    )
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {canEdit && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${s.brand} •••• ${s.last4}`}
                      onClick={() => run(remove({ ...owner, sourceId: s.sourceId }))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {back === 'saved' && data?.provider === 'stripe' && (
        <Alert color={wait === 'saved' ? 'green' : 'blue'} role="status">
          {
            {
              waiting: 'Stripe is saving your card; it appears in the list in a moment.',
              saved: 'Your card is saved with Stripe.',
              timedOut: 'Stripe has not confirmed the card yet: reload this page in a minute to see it.',
            }[wait]
          }
        </Alert>
      )}
      {back === 'cancelled' && data?.provider === 'stripe' && (
        <Alert color="gray" role="status">
          No card was saved.
        </Alert>
      )}
      {canEdit && data?.provider === 'stripe' && <SaveCardOnStripe owner={owner} />}
      {canEdit && data?.provider !== 'stripe' && <AddCard owner={owner} />}
    </Stack>
  );
}

/**
 * With Stripe the card is typed on Stripe's page (mode setup), never here; the company's buyer
 * or admin goes there. Finance cannot type a customer's card: the customer saves it itself.
 */
function SaveCardOnStripe({ owner }: { owner: CardOwner }) {
  const [open, { isLoading }] = useMutationWithToast(useOpenSaveCardPageMutation());
  const [leaving, setLeaving] = useState(false);
  if (owner.staff)
    return (
      <Text size="sm" c="dimmed">
        The customer saves its cards with Stripe from its account page.
      </Text>
    );
  const go = async () => {
    const res = await open(owner.companyId, { failure: (p) => `Stripe's page did not open: ${p.message}` });
    if (!res.ok) return;
    setLeaving(true);
    leaveFor(res.data.url);
  };
  return (
    <Group>
      <Button size="xs" onClick={go} loading={isLoading || leaving}>
        Save a card
      </Button>
      <Text size="xs" c="dimmed">
        You enter the card on Stripe's secure page.
      </Text>
    </Group>
  );
}

interface AddValues extends CardValues {
  makeDefault: boolean;
}

/** The card goes to the card provider; the shop saves the card from the provider's token. */
function AddCard({ owner }: { owner: CardOwner }) {
  const [save, { isLoading }] = useSaveCardMutation();
  const [tokenizing, setTokenizing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempt = usePaymentAttempt();
  const form = useForm<AddValues>({
    initialValues: { ...emptyCard(), makeDefault: false },
    validate: cardRules,
  });
  const refuse = (problem: ApiFailure) => {
    attempt.finish(problem);
    form.setErrors(cardFieldErrors(problem));
    setRefusal(problem.message);
  };
  const submit = async (v: AddValues) => {
    setRefusal(null);
    setTokenizing(true);
    const card = await attempt
      .cardToken(v, owner.staff ? owner.companyId : undefined)
      .catch((e: unknown) => problemOf(e));
    setTokenizing(false);
    if ('status' in card) return refuse(card);
    const res = await save({ ...owner, cardToken: card.token, makeDefault: v.makeDefault });
    if ('error' in res) return refuse(res.error as ApiFailure);
    attempt.finish();
    form.reset();
  };
  return (
    <form onSubmit={form.onSubmit(submit)} aria-label="Add a card">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Add a card
        </Text>
        <CardFields inputProps={(field) => form.getInputProps(field)} />
        <Checkbox
          label="Make it the default card"
          {...form.getInputProps('makeDefault', { type: 'checkbox' })}
        />
        {refusal && (
          <Alert color="red" role="alert" title="The card was not saved">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="xs" loading={isLoading || tokenizing}>
            Save card
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
