import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { ProviderTitle } from './ProviderTitle';
import type { ProviderSession } from './cart.api';
import { money } from '../../lib/format';

interface Props {
  /** The crypto charge opened for the cart; null keeps the sheet closed. */
  charge: ProviderSession | null;
  currency: string;
  placing: boolean;
  /** The refusal of the last attempt to place the order, shown on the sheet. */
  error: string | null;
  onCancel: () => void;
  onPlace: (charge: ProviderSession) => void;
}

/**
 * The crypto charge: the amount and the address the buyer pays to. Placing the order holds the
 * tires; the payment stays pending until the network confirms it.
 */
export function CryptoPaymentModal({ charge, currency, placing, error, onCancel, onPlace }: Props) {
  return (
    <Modal
      opened={charge !== null}
      onClose={onCancel}
      title={<ProviderTitle provider="coinpay" kind="crypto checkout" />}
      size="lg"
    >
      {charge && (
        <Stack aria-label="Crypto payment">
          <Text>
            Pay <b>{money(charge.amountCents)}</b> in <b>{currency}</b>.
          </Text>
          {charge.redirectUrl && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Payment address
              </Text>
              <Group gap="xs" wrap="nowrap" align="start">
                <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                  {charge.redirectUrl}
                </Code>
                <CopyButton value={charge.redirectUrl}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          )}
          <Text size="sm" c="dimmed">
            Placing the order holds your tires while the network confirms the payment. The order ships once it
            is confirmed; unpaid orders are released after a while.
          </Text>
          {error && (
            <Alert color="red" role="alert" title="The order was not placed">
              {error}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={onCancel}>
              Back
            </Button>
            <Button loading={placing} onClick={() => onPlace(charge)}>
              Place order
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
