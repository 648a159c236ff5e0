import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Alert, Card, Loader, Switch, Text, Title } from '@mantine/core';
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
          {poRequired ? 'Your orders need a PO number.' : 'A PO number is optional on your orders.'}
        </Text>
      )}
    </Card>
  );
}
