import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/webhooks';
import {
  canResendDelivery,
  type WebhookDeliveryStatus,
  webhookDeliveryStatuses,
} from '../../../domain/webhook-status';
import { errorMessage } from '../../api/client';
import { useStatusListFilters } from '../../components/StatusListPage';
import { dateTime } from '../../lib/format';
import { usePhone } from '../../lib/media-query';
import { PAGE_SIZE, pageCount } from '../../lib/paging';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useResendWebhookDeliveryMutation, useWebhookDeliveriesQuery } from './webhooks.api';
import { deliveryStatusColor } from './webhook-words';

// Pending deliveries move on their own (the worker sends and retries them): the open log asks again.
const REFRESH_MS = 5_000;

interface Props {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}

/** An endpoint's delivery log, newest first, filtered by status, with a resend of finished ones. */
export function WebhookDeliveries({ endpoint, onClose }: Props) {
  const phone = usePhone();
  const { query, controls } = useStatusListFilters<WebhookDeliveryStatus>();
  const { status } = controls;
  const { data, isLoading, error, isFetching, refetch } = useWebhookDeliveriesQuery(
    { endpointId: endpoint.id, ...query },
    { pollingInterval: REFRESH_MS },
  );
  const Rows = phone ? DeliveryCards : DeliveryTable;
  return (
    <Modal
      opened
      onClose={onClose}
      size="80rem"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          Delivery log: {endpoint.url}
        </Text>
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" align="end">
          <Select
            label="Status"
            w={180}
            data={[
              { value: '', label: 'All deliveries' },
              ...webhookDeliveryStatuses.map((s) => ({ value: s, label: s })),
            ]}
            value={status ?? ''}
            allowDeselect={false}
            onChange={(v) => controls.setStatus((v || null) as WebhookDeliveryStatus | null)}
          />
          <Button variant="default" size="sm" loading={isFetching} onClick={() => refetch()}>
            Refresh
          </Button>
        </Group>
        {isLoading && <Loader size="sm" aria-label="Loading deliveries" />}
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        {data?.count === 0 && (
          <Text size="sm" c="dimmed" data-testid="deliveries-empty">
            {status
              ? `No ${status} deliveries.`
              : 'No deliveries yet. Each event this endpoint subscribes to is listed here once it happens, with every attempt to send it.'}
          </Text>
        )}
        {data && data.count > 0 && <Rows deliveries={data.list} />}
        {data && data.count > PAGE_SIZE && (
          <Pagination
            total={pageCount(data.count)}
            value={controls.page + 1}
            onChange={(p) => controls.setPage(p - 1)}
          />
        )}
      </Stack>
    </Modal>
  );
}

/** The receiver's last answer: its HTTP status, else why no answer came. */
const lastResponse = (d: WebhookDelivery) =>
  d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—');

const StatusBadge = ({ status }: { status: WebhookDeliveryStatus }) => (
  <Badge color={deliveryStatusColor[status]} variant="light">
    {status}
  </Badge>
);

function Resend({ delivery }: { delivery: WebhookDelivery }) {
  const [resend, { isLoading }] = useMutationWithToast(useResendWebhookDeliveryMutation());
  if (!canResendDelivery(delivery.status)) return null;
  return (
    <Button
      size="xs"
      variant="light"
      loading={isLoading}
      onClick={() => resend(delivery.id, { success: 'Sent again: the delivery is pending.' })}
    >
      Resend
    </Button>
  );
}

function DeliveryTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>webhook-id</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last response</Table.Th>
            <Table.Th>Last attempt</Table.Th>
            <Table.Th>Next attempt</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Code>{d.eventType}</Code>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {d.webhookId}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={d.status} />
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                {lastResponse(d)}
              </Table.Td>
              <Table.Td>{dateTime(d.lastAttemptAt)}</Table.Td>
              <Table.Td>{dateTime(d.nextAttemptAt)}</Table.Td>
              <Table.Td>
                <Resend delivery={d} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: a card per delivery with the table's facts, so nothing scrolls sideways. */
function DeliveryCards({ deliveries }: { deliveries: WebhookDelivery[] }) {
  return (
    <Stack gap="xs" role="list" aria-label="Deliveries">
      {deliveries.map((d) => (
        <Paper key={d.id} withBorder p="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap">
            <Code>{d.eventType}</Code>
            <StatusBadge status={d.status} />
          </Group>
          <Text size="xs" ff="monospace" mt={4} style={{ wordBreak: 'break-all' }}>
            {d.webhookId}
          </Text>
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'} · {lastResponse(d)}
          </Text>
          <Text size="xs" c="dimmed">
            Last attempt {dateTime(d.lastAttemptAt)}
            {d.nextAttemptAt ? ` · next ${dateTime(d.nextAttemptAt)}` : ''}
          </Text>
          <Group mt={4}>
            <Resend delivery={d} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
