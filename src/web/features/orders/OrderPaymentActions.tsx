import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { Alert, Button, Collapse, Divider, Group, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { OrderDetail } from '../../../contract/order-shapes';
import type { ApiFailure } from '../../api/api';
import { usePaymentAttempt } from '../../components/CardFields';
import { money } from '../../lib/format';
import {
  usePayOrderByCardMutation,
  useRecordPaymentMutation,
  useSettleOnAccountMutation,
} from './orders.api';
import type { SavedCard } from './PayOrder';
import { isCancelledOrder } from '../../../domain/order-status';
import { awaitsPayment, isReceivable, isUnpaid } from '../../../domain/payment-status';

interface Props {
  order: OrderDetail;
  /** Only finance and admin take money; sales place and edit orders. */
  canTakeMoney: boolean;
  /** The customer's saved cards, and the form that adds one (the payments feature's). */
  savedCards: (SavedCard & { isDefault: boolean })[];
  addCard: ReactNode;
}

/**
 * Taking the money of a customer's order: charge one of its saved cards, settle it on the
 * company's account, or record money received. Each action's attempt carries its own
 * Idempotency-Key.
 */
export function OrderPaymentActions({ canTakeMoney, ...props }: Props) {
  if (!canTakeMoney)
    return (
      <Text size="sm" c="dimmed" mt="sm">
        Finance takes the payments of customers' orders.
      </Text>
    );
  return <FinanceActions {...props} />;
}

function FinanceActions({ order, savedCards: sources, addCard }: Omit<Props, 'canTakeMoney'>) {
  const [charge, charging] = usePayOrderByCardMutation();
  const [record, recording] = useRecordPaymentMutation();
  const [settle, settling] = useSettleOnAccountMutation();
  const chargeAttempt = usePaymentAttempt();
  const recordAttempt = usePaymentAttempt();
  const settleAttempt = usePaymentAttempt();
  const [sourceId, setSourceId] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const open = !isCancelledOrder(order.status);
  const awaiting = open && awaitsPayment(order.paymentStatus);
  const receivable = open && isReceivable(order.paymentStatus);
  if (!receivable) return null;

  const run = async (
    attempt: ReturnType<typeof usePaymentAttempt>,
    call: (idempotencyKey: string) => Promise<{ error?: unknown }>,
  ) => {
    setProblem(null);
    const res = await call(attempt.key());
    const failure = res.error as ApiFailure | undefined;
    attempt.finish(failure);
    if (failure) setProblem(failure.message);
  };
  return (
    <Stack gap="xs" mt="sm" aria-label="Take payment">
      <Divider label={`Take payment · ${money(order.totalCents)} due`} labelPosition="left" />
      {awaiting && (
        <>
          <Group align="end" gap="xs">
            <Select
              label="Saved card of the customer"
              placeholder={sources.length ? 'Choose a card' : 'No saved cards'}
              disabled={sources.length === 0}
              data={sources.map((s) => ({
                value: String(s.sourceId),
                label: `${s.brand} •••• ${s.last4} (${s.expMonth}/${s.expYear})${s.isDefault ? ' · default' : ''}`,
              }))}
              value={sourceId}
              onChange={setSourceId}
              w={320}
              maw="100%"
            />
            <Button
              size="xs"
              disabled={!sourceId}
              loading={charging.isLoading}
              onClick={() =>
                run(chargeAttempt, (idempotencyKey) =>
                  charge({ id: order.orderId, sourceId: Number(sourceId), idempotencyKey }),
                )
              }
            >
              Charge card
            </Button>
          </Group>
          <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => setAddingCard((a) => !a)}>
            {addingCard ? 'Close' : 'Add a card for the customer'}
          </Button>
          <Collapse expanded={addingCard}>{addCard}</Collapse>
        </>
      )}
      <Group gap="xs">
        {isUnpaid(order.paymentStatus) && (
          <Button
            size="xs"
            variant="light"
            loading={settling.isLoading}
            onClick={() =>
              run(settleAttempt, (idempotencyKey) => settle({ id: order.orderId, idempotencyKey }))
            }
          >
            Settle on account
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          color="green"
          loading={recording.isLoading}
          onClick={() =>
            run(recordAttempt, (idempotencyKey) => record({ id: order.orderId, idempotencyKey }))
          }
        >
          Record payment received
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert" title="Payment not taken">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
