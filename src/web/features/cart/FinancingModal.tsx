import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiFailure } from '../../api/api';
import { useApplyForFinancingMutation, useBindFinancingMutation } from './cart.api';
import { ProviderTitle } from './ProviderTitle';
import { money } from '../../lib/format';

interface Props {
  opened: boolean;
  /** The cart's total: what the buyer applies for. */
  totalCents: number;
  placing: boolean;
  /** The refusal of the last attempt to place the order, shown on the sheet. */
  error: string | null;
  onCancel: () => void;
  /** finpay approved and the approval is bound to the cart: place the order with its token. */
  onApproved: (token: string) => void;
}

/**
 * finpay's application, as its page would take it. The sandbox has no page of its own, so it
 * opens over the shop; finpay decides and hands back a token, which the shop binds to the cart
 * (POST /api/cart/finpay/token) before placing the order with it. The shop never makes a token up.
 */
export function FinancingModal({ opened, totalCents, placing, error, onCancel, onApproved }: Props) {
  const [apply, applying] = useApplyForFinancingMutation();
  const [bind, binding] = useBindFinancingMutation();
  const [decline, setDecline] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onCancel();
  };
  const submit = async () => {
    setRefusal(null);
    const application = await apply({ decline });
    if ('error' in application) {
      const e = application.error as ApiFailure;
      setRefusal(
        e.status === 404 ? 'Financing is not available here. Choose another payment method.' : e.message,
      );
      return;
    }
    if (application.data.status !== 'approved') {
      setRefusal('finpay declined the application. Choose another payment method.');
      return;
    }
    const bound = await bind({ token: application.data.token });
    if ('error' in bound) {
      setRefusal((bound.error as ApiFailure).message);
      return;
    }
    onApproved(application.data.token);
  };
  const message = refusal ?? error;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<ProviderTitle provider="finpay" kind="financing application" />}
      size="lg"
    >
      <Stack aria-label="Financing application">
        <Text>
          Apply to finance <b>{money(totalCents)}</b> with finpay. finpay decides at once; once it approves,
          your order is placed and finpay pays Tread.
        </Text>
        <Checkbox
          label="Sandbox: have finpay decline this application"
          checked={decline}
          onChange={(e) => setDecline(e.currentTarget.checked)}
        />
        {message && (
          <Alert color="red" role="alert" title="Financing not completed">
            {message}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={close}>
            Back to the shop
          </Button>
          <Button loading={applying.isLoading || binding.isLoading || placing} onClick={submit}>
            Apply and place order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
