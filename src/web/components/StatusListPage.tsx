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
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { PAGE_SIZE, pageCount } from '../lib/paging';
import { PageTitle } from './PageTitle';

/**
 * A status list's filters: the page (counted from 0), the status (null: every status) and an
 * order id; the query to send and the controls' state. A new status or order id goes back to
 * the first page.
 */
export function useStatusListFilters<Status extends string>(
  options: { initial?: Status; pageSize?: number } = {},
) {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<Status | null>(options.initial ?? null);
  const [order, setOrder] = useState('');
  const orderId = /^\d+$/.test(order.trim()) ? Number(order.trim()) : undefined;
  return {
    /** The query of the list's endpoint: the page, pageSize rows, and the filters set. */
    query: { page, pageSize, ...(status && { status }), ...(orderId && { orderId }) },
    controls: {
      page,
      pageSize,
      setPage,
      status,
      setStatus: (to: Status | null) => {
        setStatus(to);
        setPage(0);
      },
      order,
      setOrder: (to: string) => {
        setOrder(to);
        setPage(0);
      },
    },
  };
}

type Controls<Status extends string> = ReturnType<typeof useStatusListFilters<Status>>['controls'];

/** How the rows are drawn: a table of cells, or a card each. */
export type StatusListRows<Row> =
  | {
      as: 'table';
      /** The column headings. */
      head: readonly string[];
      minWidth: number;
      rowKey: (row: Row) => number;
      /** One row's cells (<Table.Td>s). */
      cells: (row: Row) => ReactNode;
    }
  | { as: 'cards'; card: (row: Row) => ReactNode };

interface Props<Row, Status extends string> {
  title: string;
  /** The rows' plural noun in lower case ("fulfillments"): the loading, error and empty texts say it. */
  noun: string;
  statuses: readonly Status[];
  statusLabel?: (status: Status) => string;
  /**
   * The status filter: a select with "Any" (a long list of statuses), or tabs with "all" last
   * (a queue worked one status at a time).
   */
  filter: 'select' | 'tabs';
  /** Also filter by an order id (a field beside the status). */
  byOrder?: boolean;
  controls: Controls<Status>;
  answer: { data?: { list: Row[]; count: number }; isFetching: boolean; isError: boolean };
  /** What the error notice says; "<Noun> could not be loaded." unless told. */
  unreadable?: string;
  rows: StatusListRows<Row>;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
// The tab of every status; no status is named so.
const ALL = 'all';

/**
 * The back office's queues filtered by status (fulfillments, shipments, contact messages,
 * reviews): one status filter, the loading, error and empty states, the rows as a table or as
 * cards, and one pager.
 */
export function StatusListPage<Row, Status extends string>(props: Props<Row, Status>) {
  const { controls: c, answer, noun, statusLabel = (s: Status) => s } = props;
  const { data } = answer;
  return (
    <>
      <PageTitle title={props.title} />
      <Group mb="md" wrap="wrap" align="end">
        {props.filter === 'select' ? (
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={props.statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={c.status}
            onChange={(v) => c.setStatus(v as Status | null)}
          />
        ) : (
          <SegmentedControl
            aria-label="Status"
            value={c.status ?? ALL}
            onChange={(v) => c.setStatus(v === ALL ? null : (v as Status))}
            data={[...props.statuses.map((s) => ({ value: s, label: statusLabel(s) })), ALL]}
          />
        )}
        {props.byOrder && (
          <TextInput
            label="Order id"
            inputMode="numeric"
            value={c.order}
            onChange={(e) => c.setOrder(e.currentTarget.value)}
            w={120}
          />
        )}
        {answer.isFetching && <Loader size="sm" aria-label={`Loading ${noun}`} />}
      </Group>
      {answer.isError && (
        <Alert color="red">{props.unreadable ?? `${capital(noun)} could not be loaded.`}</Alert>
      )}
      {data?.count === 0 && (
        <Text c="dimmed">
          No {c.status ? `${statusLabel(c.status)} ` : ''}
          {noun}.
        </Text>
      )}
      {data && data.count > 0 && <Rows rows={props.rows} list={data.list} noun={noun} />}
      {data && data.count > c.pageSize && (
        <Pagination
          mt="md"
          total={pageCount(data.count, c.pageSize)}
          value={c.page + 1}
          onChange={(p) => c.setPage(p - 1)}
        />
      )}
    </>
  );
}

function Rows<Row>({ rows, list, noun }: { rows: StatusListRows<Row>; list: Row[]; noun: string }) {
  if (rows.as === 'cards') return <Stack>{list.map(rows.card)}</Stack>;
  return (
    <Table.ScrollContainer minWidth={rows.minWidth} type="native">
      <Table striped highlightOnHover aria-label={capital(noun)}>
        <Table.Thead>
          <Table.Tr>
            {rows.head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((row) => (
            <Table.Tr key={rows.rowKey(row)}>{rows.cells(row)}</Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
