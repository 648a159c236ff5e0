import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Cart } from '../../../contract/order-shapes';
import type { UnitPurchase } from '../../../contract/fleet';
import { ConfirmButton } from '../../components/ConfirmButton';
import { PageTitle } from '../../components/PageTitle';
import { dateTime, money } from '../../lib/format';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import {
  useDeleteUnitMutation,
  useReorderUnitMutation,
  useUnitQuery,
  useUpdateUnitMutation,
} from './fleet.api';
import { shopForUnit, sizesText } from './fleet-links';
import { UnitForm } from './UnitForm';

/** The last order's lines first: what "Reorder the last set" puts in the cart again. */
function Purchases({ purchases }: { purchases: UnitPurchase[] }) {
  if (!purchases.length) return <Text c="dimmed">Nothing was bought for this unit yet.</Text>;
  const last = purchases[0].orderId;
  return (
    <Stack gap="xs" role="list" aria-label="Tires bought">
      {purchases.map((p) => (
        <Paper key={p.orderItemId} withBorder p="sm" role="listitem" data-testid="unit-purchase">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <Text fw={600}>
                {p.brand} {p.line}
              </Text>
              <Text size="sm">
                {p.size} · {p.skuCode}
              </Text>
              <Text size="sm" c="dimmed">
                <Anchor component={Link} to={`/orders/${p.orderId}`} size="sm">
                  Order {p.orderNumber ?? p.orderId}
                </Anchor>{' '}
                · {dateTime(p.placedAt)} · {p.status.replace('_', ' ')}
              </Text>
              {p.orderId === last && (
                <Badge size="xs" variant="light" mt={4}>
                  Last set
                </Badge>
              )}
            </div>
            <div style={{ textAlign: 'right', flexShrink: 0 }}>
              <Text fw={600}>× {p.quantity}</Text>
              <Text size="sm" c="dimmed">
                {money(p.unitPriceCents)} each
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * /fleet/:id: a unit, its OE sizes, "Tires for unit #N" (search on its sizes), the tires bought for
 * it and "Reorder the last set" (those tires again at today's prices). `onCartChanged` tells the
 * app that the cart changed (the cart's own state is another feature's).
 */
export function UnitPage({ onCartChanged }: { onCartChanged?: (cart: Cart) => void }) {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data: unit, isLoading, error } = useUnitQuery(id, { skip: !id });
  const [reorder, { isLoading: reordering }] = useMutationWithToast(useReorderUnitMutation());
  const [update, { isLoading: saving }] = useMutationWithToast(useUpdateUnitMutation());
  const [remove] = useMutationWithToast(useDeleteUnitMutation());
  const [editing, setEditing] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  if (isLoading) return <Loader aria-label="Loading the unit" />;
  if (error || !unit)
    return (
      <Alert color="red" title="Unit not found">
        <Anchor component={Link} to="/fleet">
          Back to the roster
        </Anchor>
      </Alert>
    );
  const shop = shopForUnit(unit);
  const reorderLast = async () => {
    const outcome = await reorder(unit.id, {
      success: (cart: Cart) =>
        `The last set of #${unit.unitNumber} is in the cart (${cart.orderItems.length} lines)`,
    });
    if (outcome.ok) {
      onCartChanged?.(outcome.data);
      setAdded(`Added to the cart at today's prices for #${unit.unitNumber}.`);
    }
  };
  return (
    <Stack>
      <PageTitle title={`Unit #${unit.unitNumber}`}>
        <Anchor component={Link} to="/fleet">
          Roster
        </Anchor>
      </PageTitle>
      <Card withBorder>
        <Stack gap={4}>
          <Title order={2} size="h4">
            {unit.year} {unit.make} {unit.model} {unit.option}
          </Title>
          {unit.vin && <Text size="sm">VIN {unit.vin}</Text>}
          <Text size="sm">{unit.locationName}</Text>
          <Group gap={4}>
            {unit.route && <Badge variant="light">Route {unit.route}</Badge>}
            {unit.depot && (
              <Badge variant="light" color="teal">
                Depot {unit.depot}
              </Badge>
            )}
            {unit.sizes.some((s) => s.position === 'rear') && (
              <Badge variant="light" color="grape">
                Staggered
              </Badge>
            )}
          </Group>
          <Text fw={600} mt="xs" data-testid="unit-sizes">
            {sizesText(unit.sizes)}
          </Text>
          <Group gap="xs" mt="sm">
            {shop && (
              <Button component={Link} to={shop}>
                Tires for unit #{unit.unitNumber}
              </Button>
            )}
            <Button
              variant="light"
              onClick={reorderLast}
              loading={reordering}
              disabled={!unit.purchases.length}
            >
              Reorder the last set
            </Button>
            <Button variant="subtle" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <ConfirmButton
              variant="subtle"
              color="red"
              title={`Take unit #${unit.unitNumber} off the roster?`}
              message="The orders keep their tires; they no longer name the unit."
              confirmLabel="Remove unit"
              onConfirm={async () => {
                const outcome = await remove(unit.id, { success: `Unit ${unit.unitNumber} removed` });
                if (outcome.ok) navigate('/fleet');
              }}
            >
              Remove
            </ConfirmButton>
          </Group>
          {added && (
            <Alert color="green" mt="xs" data-testid="reorder-done">
              {added}{' '}
              <Anchor component={Link} to="/checkout" fz="inherit">
                Go to the cart
              </Anchor>
            </Alert>
          )}
        </Stack>
      </Card>
      <Title order={2} size="h4">
        Tires bought for #{unit.unitNumber}
      </Title>
      <Purchases purchases={unit.purchases} />
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={`Edit unit #${unit.unitNumber}`}
        size="lg"
      >
        <UnitForm
          unit={unit}
          busy={saving}
          onSubmit={async (input) => {
            const outcome = await update({ id: unit.id, ...input }, { success: 'Unit saved', failure: null });
            if (outcome.ok) setEditing(false);
            return outcome;
          }}
        />
      </Modal>
    </Stack>
  );
}
