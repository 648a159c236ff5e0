import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { Fulfillment, FulfillmentProposal } from '../../../contract/logistics';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import {
  labelsUrl,
  useCancelFulfillmentMutation,
  useCreateFulfillmentMutation,
  useFulfillmentListQuery,
  useFulfillmentProposalsQuery,
  useFulfillmentRatesQuery,
  useGenerateLabelMutation,
} from './logistics.api';
import { PickupPanel } from './PickupPanel';
import { pageCount } from '../../lib/paging';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { isActiveLabel, isUnlabeled } from '../../../domain/shipping-status';
import { FulfillmentBadge, words } from './StatusBadges';

/**
 * /supplier/fulfillments: the supplier's fulfilment queue in a warehouse: confirmed lines waiting,
 * fulfillments to rate and label, labels to print, parcels in flight. Cards stack on a phone.
 */
export function FulfillmentQueuePage() {
  return (
    <>
      <PageTitle title="Fulfilment" />
      <Proposals />
      <Fulfillments />
      <Pickups />
    </>
  );
}

/** Pickups at the warehouses the supplier ships from (those of its fulfillments). */
function Pickups() {
  const { data } = useFulfillmentListQuery({ page: 0, pageSize: 100 });
  const warehouses = [
    ...new Map(
      (data?.data.list ?? []).map((f) => [f.warehouseId, { id: f.warehouseId, name: f.warehouseName }]),
    ).values(),
  ];
  return <PickupPanel warehouses={warehouses} />;
}

function Proposals() {
  const { data, isLoading, isError } = useFulfillmentProposalsQuery();
  return (
    <section aria-label="Waiting to ship">
      <Title order={2} size="h4" mb="xs">
        Waiting to ship
      </Title>
      {isLoading && <Loader size="sm" aria-label="Loading confirmed lines" />}
      {isError && <Alert color="red">The confirmed lines could not be loaded.</Alert>}
      {data && data.list.length === 0 && (
        <Text c="dimmed" mb="md">
          No confirmed lines are waiting: confirm order lines on the Order lines tab first.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
        {data?.list.map((g) => (
          <ProposalCard key={g.subOrderId} group={g} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function ProposalCard({ group: g }: { group: FulfillmentProposal }) {
  const [create, { isLoading }] = useMutationWithToast(useCreateFulfillmentMutation());
  const make = () =>
    create(
      g.lines.map((l) => l.supplierLineId),
      {
        success: (r) => `Fulfillment ${r.data.fulfillmentId} made for order ${g.orderNumber}`,
        successColor: null,
        failure: 'These lines could not be grouped; reload and try again',
      },
    );
  return (
    <Card withBorder>
      <Text fw={600}>Order {g.orderNumber}</Text>
      <Text size="sm" c="dimmed">
        From {g.warehouseName} to {g.shipTo.city}, {g.shipTo.state} {g.shipTo.zip}
      </Text>
      <Stack gap={2} my="xs">
        {g.lines.map((l) => (
          <Text size="sm" key={l.supplierLineId}>
            {l.quantity} × {l.description}{' '}
            <Text span size="xs" c="dimmed">
              {l.skuCode}
            </Text>
          </Text>
        ))}
      </Stack>
      <Button onClick={make} loading={isLoading}>
        Make fulfillment
      </Button>
    </Card>
  );
}

// The warehouse queue shows cards in a grid of one, two or three columns: twelve fill whole rows.
const QUEUE_PAGE_SIZE = 12;

function Fulfillments() {
  const [page, setPage] = useState(0);
  const { data, isLoading, isError } = useFulfillmentListQuery({ page, pageSize: QUEUE_PAGE_SIZE });
  const pages = data ? pageCount(data.data.count, QUEUE_PAGE_SIZE) : 0;
  return (
    <section aria-label="Fulfillments">
      <Title order={2} size="h4" mb="xs">
        Fulfillments
      </Title>
      {isLoading && <Loader size="sm" aria-label="Loading fulfillments" />}
      {isError && <Alert color="red">Your fulfillments could not be loaded.</Alert>}
      {data && data.data.count === 0 && <Text c="dimmed">No fulfillments yet.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {data?.data.list.map((f) => (
          <FulfillmentCard key={f.fulfillmentId} f={f} />
        ))}
      </SimpleGrid>
      {pages > 1 && <Pagination mt="md" total={pages} value={page + 1} onChange={(p) => setPage(p - 1)} />}
    </section>
  );
}

function FulfillmentCard({ f }: { f: Fulfillment }) {
  const active = f.labels.find((l) => isActiveLabel(l.status));
  return (
    <Card withBorder aria-label={`Fulfillment ${f.fulfillmentId}`}>
      <Group justify="space-between">
        <Text fw={600}>
          #{f.fulfillmentId} · order {f.orderNumber}
        </Text>
        <FulfillmentBadge status={f.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {f.packages} packages · {f.weightLbs} lbs · from {f.warehouseName}
      </Text>
      <Text size="sm">
        To {f.shipTo.name}, {f.shipTo.address1}, {f.shipTo.city}, {f.shipTo.state} {f.shipTo.zip}
      </Text>
      {isUnlabeled(f.status) && <BuyLabel f={f} />}
      {active && (
        <Stack gap={4} mt="xs">
          <Text size="sm">
            {active.courier} {words(active.service)} · {money(active.rateCents)}
          </Text>
          <Text size="sm" ff="monospace">
            <span data-testid="tracking-number">{active.trackingNumber}</span>
            {f.shipment && ` · ${words(f.shipment.status)}`}
          </Text>
          <Anchor href={labelsUrl([f.fulfillmentId])} target="_blank" rel="noopener">
            Print label (PDF)
          </Anchor>
        </Stack>
      )}
      {f.next.includes('cancelled') && <CancelButton id={f.fulfillmentId} />}
    </Card>
  );
}

function BuyLabel({ f }: { f: Fulfillment }) {
  const { data, isLoading, isError } = useFulfillmentRatesQuery(f.fulfillmentId);
  const [choice, setChoice] = useState<string | null>(
    f.courier && f.service ? `${f.courier}:${f.service}` : null,
  );
  const [buy, { isLoading: buying }] = useMutationWithToast(useGenerateLabelMutation());
  const options =
    data?.list.map((r) => ({
      value: `${r.courier}:${r.service}`,
      label: `${r.courier} ${words(r.service)} · ${money(r.rateCents)} · ${r.transitDays} d`,
    })) ?? [];
  const submit = async () => {
    if (!choice) return;
    const [courier, service] = choice.split(':');
    await buy(
      { fulfillmentId: f.fulfillmentId, courier, service, idempotencyKey: crypto.randomUUID() },
      { failure: 'The label could not be bought; reload and try again' },
    );
  };
  if (isError) return <Alert color="red">Rates could not be loaded.</Alert>;
  return (
    <Group mt="xs" align="end" gap="xs">
      <Select
        label="Rate"
        placeholder={isLoading ? 'Loading rates…' : 'Choose a rate'}
        data={options}
        value={choice}
        onChange={setChoice}
        allowDeselect={false}
        style={{ flex: 1, minWidth: 200 }}
      />
      <Button onClick={submit} disabled={!choice} loading={buying}>
        Buy label
      </Button>
    </Group>
  );
}

function CancelButton({ id }: { id: number }) {
  const [cancel, { isLoading }] = useMutationWithToast(useCancelFulfillmentMutation());
  return (
    <Button
      variant="subtle"
      color="red"
      mt="xs"
      loading={isLoading}
      onClick={() => cancel(id, { failure: 'This fulfillment can no longer be cancelled' })}
    >
      Cancel fulfillment
    </Button>
  );
}
