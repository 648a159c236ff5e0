import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import {
  Alert,
  Badge,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { InstallerOrder } from '../../../contract/installer';
import { installerOrderStatuses } from '../../../domain/installer-status';
import type { ApiFailure } from '../../api/api';
import { dateTime } from '../../lib/format';
import { statusColor, words } from './installer-words';
import { pageCount } from '../../lib/paging';

// An installer order is a tall card (appointment, tires, labour): ten keep a page short on a phone.
export const INSTALLER_PAGE_SIZE = 10;

export interface ListState {
  status: string | null;
  q: string;
  page: number;
}

/**
 * The bay's orders as a list of buttons (Tab to move, Enter to open), newest first, with a
 * status filter and a search; the open one is marked. The console's list (`staff`) names each
 * order's bay, takes more filters (`filters`) and has words of its own for empty and failed.
 */
export function InstallerOrderList(props: {
  state: ListState;
  onState: (s: ListState) => void;
  orders: InstallerOrder[] | undefined;
  count: number;
  loading: boolean;
  error: ApiFailure | undefined;
  openId: number | null;
  onOpen: (orderId: number) => void;
  staff?: boolean;
  /** More filters before the status (the console's bay), and whether one is set. */
  filters?: ReactNode;
  narrowed?: boolean;
}) {
  const { state, onState, orders, count, loading, error, openId, onOpen, staff, filters, narrowed } = props;
  const pages = pageCount(count, INSTALLER_PAGE_SIZE);
  return (
    <Stack gap="sm" component="section" aria-label={staff ? 'Installer orders' : 'Incoming orders'}>
      <Group gap="sm" wrap="wrap" align="end">
        {filters}
        <Select
          label="Status"
          w={160}
          clearable
          placeholder="All"
          data={installerOrderStatuses.map((s) => ({ value: s, label: words(s) }))}
          value={state.status}
          onChange={(status) => onState({ ...state, status, page: 0 })}
        />
        <TextInput
          label="Search"
          placeholder="Order, customer, PO"
          style={{ flex: '1 1 160px' }}
          value={state.q}
          onChange={(e) => onState({ ...state, q: e.currentTarget.value, page: 0 })}
        />
      </Group>
      {loading && <Loader size="sm" aria-label="Loading orders" />}
      {error && (
        <Alert color={error.status === 403 ? 'yellow' : 'red'}>
          {staff
            ? 'The installer orders could not be loaded.'
            : error.status === 403
              ? 'Your current location is not an installer location: switch to your bay to see its orders.'
              : 'The orders could not be loaded.'}
        </Alert>
      )}
      {orders && orders.length === 0 && (
        <Text c="dimmed">
          {state.status || state.q || narrowed
            ? 'No order matches.'
            : staff
              ? 'No order is delivered to an installer yet.'
              : 'No orders are coming to this bay yet.'}
        </Text>
      )}
      {orders?.map((o) => (
        <UnstyledButton
          key={o.orderId}
          onClick={() => onOpen(o.orderId)}
          aria-current={o.orderId === openId ? 'true' : undefined}
          p="sm"
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-sm)',
            background: o.orderId === openId ? 'var(--mantine-color-blue-0)' : undefined,
          }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600}>Order {o.orderNumber}</Text>
            <Badge variant="light" color={statusColor(o.status)}>
              {words(o.status)}
            </Badge>
          </Group>
          <Text size="sm">
            {o.customer.companyName}
            {staff ? ` → ${o.installerLocationName}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {o.tires.reduce((n, t) => n + t.quantity, 0)} tires · {words(o.shipment.state)}
            {o.appointmentAt ? ` · ${dateTime(o.appointmentAt)}` : ''}
          </Text>
        </UnstyledButton>
      ))}
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={state.page + 1}
          onChange={(p) => onState({ ...state, page: p - 1 })}
        />
      )}
    </Stack>
  );
}
