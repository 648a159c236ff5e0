import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Alert, Button, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { OrderDetail } from '../../../contract/order-shapes';
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
import { usePayOrderByCardMutation } from './orders.api';
import { money } from '../../lib/format';
import { awaitsApproval, isCancelledOrder } from '../../../domain/order-status';
import { isUnpaid } from '../../../domain/payment-status';

export interface SavedCard {
  sourceId: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

interface Values extends CardValues {
  method: 'card' | 'saved';
  sourceId: string | null;
}

const onlyFor = (method: Values['method'], rule: (v: string) => string | null) => (v: string, all: Values) =>
  all.method === method ? rule(v) : null;

/**
 * Pays an order that waits for its money (a staff-made order) by card: a new card, tokenized by
 * the card provider, or a saved one. Each attempt has its own Idempotency-Key and card token.
 */
export function PayOrder({ order, savedCards }: { order: OrderDetail; savedCards: SavedCard[] }) {
  const [opened, setOpened] = useState(false);
  const [pay, { isLoading }] = usePayOrderByCardMutation();
  const [tokenizing, setTokenizing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const attempt = usePaymentAttempt();
  const form = useForm<Values>({
    initialValues: { ...emptyCard(), method: savedCards.length ? 'saved' : 'card', sourceId: null },
    validate: {
      number: onlyFor('card', cardRules.number),
      cvc: onlyFor('card', cardRules.cvc),
      sourceId: (v, all) => (all.method === 'saved' && !v ? 'Choose a saved card' : null),
    },
  });
  if (!isUnpaid(order.paymentStatus) || isCancelledOrder(order.status) || awaitsApproval(order.status))
    return null;
  const refuse = (problem: ApiFailure) => {
    attempt.finish(problem);
    form.setErrors(cardFieldErrors(problem));
    setRefusal(problem.message);
  };
  const submit = async (v: Values) => {
    setRefusal(null);
    let payment: { cardToken: string } | { sourceId: number };
    if (v.method === 'saved') payment = { sourceId: Number(v.sourceId) };
    else {
      setTokenizing(true);
      const card = await attempt.cardToken(v).catch((e: unknown) => problemOf(e));
      setTokenizing(false);
      if ('status' in card) return refuse(card);
      payment = { cardToken: card.token };
    }
    const res = await pay({ id: order.orderId, idempotencyKey: attempt.key(), ...payment });
    if ('error' in res) return refuse(res.error as ApiFailure);
    attempt.finish();
    setOpened(false);
  };
  return (
    <>
      <Alert color="blue" mt="md" title="This order waits for payment">
        <Text size="sm" mb="xs">
          {money(order.totalCents)} is due. Pay it by card, or ask us to put it on your account.
        </Text>
        <Button size="xs" onClick={() => setOpened(true)}>
          Pay this order
        </Button>
      </Alert>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Pay order ${order.number}`} size="lg">
        <form onSubmit={form.onSubmit(submit)} aria-label="Pay the order">
          <Stack>
            <Text>
              Pay <b>{money(order.totalCents)}</b>.
            </Text>
            {savedCards.length > 0 && (
              <Radio.Group label="Pay with" {...form.getInputProps('method')}>
                <Stack mt="xs" gap="xs">
                  <Radio value="saved" label="Saved card" />
                  <Radio value="card" label="Another card" />
                </Stack>
              </Radio.Group>
            )}
            {form.values.method === 'saved' ? (
              <Select
                label="Saved card"
                data={savedCards.map((s) => ({
                  value: String(s.sourceId),
                  label: `${s.brand} •••• ${s.last4} (${s.expMonth}/${s.expYear})`,
                }))}
                {...form.getInputProps('sourceId')}
              />
            ) : (
              <CardFields inputProps={(field) => form.getInputProps(field)} />
            )}
            {refusal && (
              <Alert color="red" role="alert" title="Payment not completed">
                {refusal}
              </Alert>
            )}
            <Button type="submit" loading={isLoading || tokenizing} w="fit-content">
              Pay {money(order.totalCents)}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
