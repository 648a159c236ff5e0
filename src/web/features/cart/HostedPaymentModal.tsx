import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ProviderTitle } from './ProviderTitle';
import { formatCents } from '../../../domain/money';
import type { ApiFailure } from '../../api/api';
import { type ProviderSession, usePayHostedPaymentMutation } from './cart.api';
import { CardFields, type CardValues, cardOf, cardRules, emptyCard } from './CardFields';

interface Props {
  /** The hosted session opened for the cart; null keeps the page closed. */
  session: ProviderSession | null;
  onCancel: () => void;
  /** The provider approved the card: the shop may now place the order with this token. */
  onApproved: (token: string) => void;
}

/**
 * The provider's hosted checkout page. The sandbox has no page of its own to redirect to, so it
 * opens over the shop; the card goes to the provider (hostedpay/transaction), never into the order.
 */
export function HostedPaymentModal({ session, onCancel, onApproved }: Props) {
  const [pay, { isLoading }] = usePayHostedPaymentMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<CardValues>({ initialValues: emptyCard(), validate: cardRules });
  const close = () => {
    setRefusal(null);
    form.reset();
    onCancel();
  };
  const submit = async (values: CardValues) => {
    if (!session) return;
    setRefusal(null);
    const res = await pay({ token: session.token, card: cardOf(values) });
    if ('error' in res) {
      setRefusal((res.error as ApiFailure).message ?? 'The hosted payment failed');
      return;
    }
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
              Pay <b>{formatCents(session.amountCents)}</b> to Tread. Your card is handled by hostedpay.
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
              <Button type="submit" loading={isLoading}>
                Pay {formatCents(session.amountCents)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
