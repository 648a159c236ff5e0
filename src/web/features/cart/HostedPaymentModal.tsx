import '@mantine/core/styles/Modal.layer.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
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
import { type ProviderSession, usePayHostedPaymentMutation } from './cart.api';
import { ProviderTitle } from './ProviderTitle';
import { money } from '../../lib/format';

interface Props {
  /** The hosted session opened for the cart; null keeps the page closed. */
  session: ProviderSession | null;
  onCancel: () => void;
  /** The provider approved the card: the shop may now place the order with this token. */
  onApproved: (token: string) => void;
}

/**
 * The provider's hosted checkout page. The sandbox has no page of its own to redirect to, so it
 * opens over the shop; the card is tokenized and only its token goes to hostedpay, never into the order.
 */
export function HostedPaymentModal({ session, onCancel, onApproved }: Props) {
  const [pay, { isLoading }] = usePayHostedPaymentMutation();
  const [tokenizing, setTokenizing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempt = usePaymentAttempt();
  const form = useForm<CardValues>({ initialValues: emptyCard(), validate: cardRules });
  const close = () => {
    setRefusal(null);
    form.reset();
    onCancel();
  };
  const refuse = (problem: ApiFailure) => {
    attempt.finish(problem);
    form.setErrors(cardFieldErrors(problem));
    setRefusal(problem.message);
  };
  const submit = async (values: CardValues) => {
    if (!session) return;
    setRefusal(null);
    setTokenizing(true);
    const card = await attempt.cardToken(values).catch((e: unknown) => problemOf(e));
    setTokenizing(false);
    if ('status' in card) return refuse(card);
    const res = await pay({ token: session.token, cardToken: card.token, idempotencyKey: attempt.key() });
    if ('error' in res) return refuse(res.error as ApiFailure);
    attempt.finish();
    form.reset();
    onApproved(session.token);
  };
  return (
    <Modal
      opened={session !== null}
      onClose={close}
      title={<ProviderTitle provider="hostedpay" kind="secure checkout" />}
      size="lg"
    >
      {session && (
        <form onSubmit={form.onSubmit(submit)} aria-label="Hosted payment page">
          <Stack>
            <Text>
              Pay <b>{money(session.amountCents)}</b> to Tread. Your card is handled by hostedpay.
            </Text>
            <CardFields inputProps={(field) => form.getInputProps(field)} />
            {refusal && (
              <Alert color="red" role="alert" title="Payment not approved">
                {refusal}
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={close}>
                Back to the shop
              </Button>
              <Button type="submit" loading={isLoading || tokenizing}>
                Pay {money(session.amountCents)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
