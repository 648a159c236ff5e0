import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { PAGE_SIZE, pageCount } from '../lib/paging';
import { PageTitle } from './PageTitle';

/** A status list's filters (page, status, order id): the query to send and the controls' state. */
export function useStatusListFilters<Status extends string>() {
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<Status | null>(null);
  const [order, setOrder] = useState('');
  const orderId = /^\d+$/.test(order.trim()) ? Number(order.trim()) : undefined;
  return {
    /** The query of the list's endpoint: the page, PAGE_SIZE rows, and the filters set. */
    query: { page, pageSize: PAGE_SIZE, ...(status && { status }), ...(orderId && { orderId }) },
    controls: { page, setPage, status, setStatus, order, setOrder },
  };
}

interface Props<Row, Status extends string> {
  title: string;
  /** The rows' plural noun in lower case ("fulfillments"): loading, error and empty texts say it. */
  noun: string;
  statuses: readonly Status[];
  statusLabel: (status: Status) => string;
  controls: ReturnType<typeof useStatusListFilters<Status>>['controls'];
  answer: { data?: { data: { list: Row[]; count: number } }; isFetching: boolean; isError: boolean };
  minWidth: number;
  /** The table's column headings. */
  head: readonly string[];
  rowKey: (row: Row) => number;
  /** One row's cells (<Table.Td>s). */
  cells: (row: Row) => ReactNode;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A back-office list filtered by status (and an order id), one table, paged by PAGE_SIZE:
 * the console's fulfillments and shipments. It draws the loading, error and empty states.
 */
export function StatusListPage<Row, Status extends string>(props: Props<Row, Status>) {
  const { controls: c, answer, noun } = props;
  const { data } = answer;
  return (
    <>
      <PageTitle title={props.title} />
      <Group mb="md" wrap="wrap" align="end">
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={props.statuses.map((s) => ({ value: s, label: props.statusLabel(s) }))}
          value={c.status}
          onChange={(v) => {
            c.setStatus(v as Status | null);
            c.setPage(0);
          }}
        />
        <TextInput
          label="Order id"
          inputMode="numeric"
          value={c.order}
          onChange={(e) => {
            c.setOrder(e.currentTarget.value);
            c.setPage(0);
          }}
          w={120}
        />
        {answer.isFetching && <Loader size="sm" aria-label={`Loading ${noun}`} />}
      </Group>
      {answer.isError && <Alert color="red">{capital(noun)} could not be loaded.</Alert>}
      {data && data.data.count === 0 && <Text>No {noun} match.</Text>}
      {data && data.data.count > 0 && (
        <Table.ScrollContainer minWidth={props.minWidth} type="native">
          <Table striped highlightOnHover aria-label={capital(noun)}>
            <Table.Thead>
              <Table.Tr>
                {props.head.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.list.map((row) => (
                <Table.Tr key={props.rowKey(row)}>{props.cells(row)}</Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.data.count > PAGE_SIZE && (
        <Pagination
          mt="md"
          total={pageCount(data.data.count)}
          value={c.page + 1}
          onChange={(p) => c.setPage(p - 1)}
        />
      )}
    </>
  );
}

interface TabsProps<Item, Status extends string> {
  title: string;
  /** The items' plural noun in lower case ("reviews"): the loading and empty texts say it. */
  noun: string;
  /** The tabs, "all" last; the first is shown first. */
  statuses: readonly (Status | 'all')[];
  status: Status | 'all';
  /** Page numbers count from 1 here, as Mantine's Pagination does. */
  page: number;
  onChange: (to: { status: Status | 'all'; page: number }) => void;
  answer: { data?: { list: Item[]; count: number }; isLoading: boolean; isError: boolean };
  /** What the error notice says. */
  unreadable: string;
  pageSize?: number;
  item: (item: Item) => ReactNode;
}

/**
 * A back-office queue of cards filtered by status tabs (the contact messages, the reviews): the
 * same states as StatusListPage, a card per item, paged by PAGE_SIZE unless told otherwise.
 */
export function StatusTabsPage<Item, Status extends string>(props: TabsProps<Item, Status>) {
  const { answer, status, noun, pageSize = PAGE_SIZE } = props;
  const { data } = answer;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <SegmentedControl
          value={status}
          onChange={(v) => props.onChange({ status: v as Status | 'all', page: 1 })}
          data={[...props.statuses]}
        />
      </Group>
      {answer.isLoading && <Loader aria-label={`Loading ${noun}`} />}
      {answer.isError && <Alert color="red">{props.unreadable}</Alert>}
      {data?.count === 0 && (
        <Text c="dimmed">
          No {status === 'all' ? '' : status} {noun}.
        </Text>
      )}
      {data?.list.map(props.item)}
      {data && data.count > pageSize && (
        <Pagination
          total={pageCount(data.count, pageSize)}
          value={props.page}
          onChange={(page) => props.onChange({ status, page })}
        />
      )}
    </Stack>
  );
}
