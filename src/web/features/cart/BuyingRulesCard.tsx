import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Alert, Button, Card, Group, Loader, NumberInput, Switch, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MAX_APPROVAL_HOLD_HOURS } from '../../../domain/approval-status';
import { errorMessage } from '../../api/client';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useBuyingSettingsQuery, useUpdateBuyingSettingsMutation } from './cart.api';

/**
 * The account page's buying rules of the company (docs/fleet.md, "Buying rules"): the company
 * admin switches them, everyone else reads what checkout will ask of them.
 */
export function BuyingRulesCard({ canEdit }: { canEdit: boolean }) {
  const settings = useBuyingSettingsQuery();
  const [save, saving] = useMutationWithToast(useUpdateBuyingSettingsMutation());
  const poRequired = settings.data?.poRequired ?? false;
  const [hours, setHours] = useState<number | string>('');
  useEffect(() => {
    if (settings.data) setHours(settings.data.approvalHoldHours);
  }, [settings.data]);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Buying rules
      </Title>
      {settings.isLoading && <Loader size="sm" aria-label="Loading the buying rules" />}
      {settings.error && <Alert color="red">{errorMessage(settings.error)}</Alert>}
      {settings.data && (
        <Switch
          label="Require a PO number on every order"
          description={
            canEdit
              ? 'Checkout asks every buyer of the company for your purchase-order number; it is shown on the order, the invoice and your webhooks.'
              : 'Set by your company admin.'
          }
          checked={poRequired}
          disabled={!canEdit || saving.isLoading}
          onChange={(e) =>
            save(
              { poRequired: e.currentTarget.checked },
              {
                success: (r) =>
                  r.poRequired ? 'Checkout now requires a PO number' : 'PO numbers are optional again',
              },
            )
          }
        />
      )}
      {!canEdit && settings.data && (
        <Text size="sm" mt="xs">
          {poRequired ? 'Your orders need a PO number.' : 'A PO number is optional on your orders.'} An order
          waiting for approval keeps its tires for {settings.data.approvalHoldHours} hours.
        </Text>
      )}
      {canEdit && settings.data && (
        <Group align="flex-end" mt="md" gap="sm">
          <NumberInput
            label="Hold tires of an order awaiting approval for"
            suffix=" hours"
            min={1}
            max={MAX_APPROVAL_HOLD_HOURS}
            allowDecimal={false}
            value={hours}
            onChange={setHours}
            w={{ base: '100%', sm: 320 }}
          />
          <Button
            variant="light"
            loading={saving.isLoading}
            disabled={hours === '' || Number(hours) === settings.data.approvalHoldHours}
            onClick={() =>
              save(
                { approvalHoldHours: Number(hours) },
                {
                  success: (r) =>
                    `Orders awaiting approval keep their tires for ${r.approvalHoldHours} hours`,
                },
              )
            }
          >
            Save
          </Button>
        </Group>
      )}
    </Card>
  );
}
