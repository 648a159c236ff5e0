import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  billStatuses,
  claimStatuses,
  refundStatuses,
  returnStatuses,
} from '../../../domain/aftersales-status';
import { errorMessage } from '../../api/client';
import { EntityPicker, type Picker } from '../../components/EntityPicker';
import { PageTitle } from '../../components/PageTitle';
import { dateTime, money } from '../../lib/format';
import { AfterSalesStatus, label } from './AfterSalesBits';
import { type Kind, useAfterSalesListQuery, useCreateBillMutation } from './aftersales.api';
import { PAGE_SIZE, pageCount } from '../../lib/paging';

type Row = Record<string, unknown>;
interface Column {
  header: string;
  cell: (r: Row) => React.ReactNode;
}

const str = (v: unknown) => String(v ?? '');

const config: Record<Kind, { title: string; statuses: readonly string[]; id: string; columns: Column[] }> = {
  return: {
    title: 'Returns',
    statuses: returnStatuses,
    id: 'returnId',
    columns: [
      { header: 'RMA', cell: (r) => str(r.number) },
      { header: 'Order', cell: (r) => str(r.orderNumber) },
      { header: 'Company', cell: (r) => str(r.companyName) },
      { header: 'Reason', cell: (r) => label(str(r.reason)) },
      { header: 'Units', cell: (r) => str(r.units) },
    ],
  },
  claim: {
    title: 'Road hazard claims',
    statuses: claimStatuses,
    id: 'claimId',
    columns: [
      { header: 'Claim', cell: (r) => str(r.claimId) },
      { header: 'Order', cell: (r) => str(r.orderNumber) },
      { header: 'Company', cell: (r) => str(r.companyName) },
      { header: 'Tire', cell: (r) => str(r.tire) },
      { header: 'Covered', cell: (r) => money(Number(r.coveredCents)) },
    ],
  },
  refund: {
    title: 'Refunds',
    statuses: refundStatuses,
    id: 'refundId',
    columns: [
      { header: 'Refund', cell: (r) => str(r.refundId) },
      { header: 'Order', cell: (r) => str(r.orderNumber) },
      { header: 'Company', cell: (r) => str(r.companyName) },
      { header: 'Amount', cell: (r) => money(Number(r.amountCents)) },
      { header: 'Approval', cell: (r) => (r.needsApproval ? 'finance' : 'automatic') },
    ],
  },
  bill: {
    title: 'Supplier bills',
    statuses: billStatuses,
    id: 'billId',
    columns: [
      { header: 'Bill', cell: (r) => str(r.billId) },
      { header: 'Company', cell: (r) => str(r.companyName) },
      { header: 'Period', cell: (r) => `${str(r.periodStart)} – ${str(r.periodEnd)}` },
      { header: 'Total', cell: (r) => money(Number(r.totalCents)) },
    ],
  },
};

/** A staff queue of returns, claims, refunds or bills: filtered by status and company (or order number). */
export function AfterSalesQueue({ kind, companies }: { kind: Kind; companies?: Picker }) {
  const c = config[kind];
  const [status, setStatus] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(0);
  const { data, isFetching, isError, error } = useAfterSalesListQuery({
    kind,
    page,
    status: status ?? undefined,
    q: q || undefined,
  });
  const count = data?.data.count ?? 0;
  return (
    <>
      <PageTitle title={c.title} />
      {kind === 'bill' && companies && <NewBill companies={companies} />}
      <Group mb="sm" align="end">
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={c.statuses.map((s) => ({ value: s, label: label(s) }))}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(0);
          }}
        />
        <TextInput
          label={kind === 'bill' ? 'Company' : 'Company or order number'}
          placeholder="Search"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(0);
          }}
        />
        {isFetching && <Loader size="sm" aria-label="Loading" />}
      </Group>
      {isError && <Alert color="red">{errorMessage(error)}</Alert>}
      <Card withBorder p={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {c.columns.map((col) => (
                  <Table.Th key={col.header}>{col.header}</Table.Th>
                ))}
                <Table.Th>Status</Table.Th>
                <Table.Th>Opened</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.data.list ?? []).map((r) => (
                <Table.Tr key={str(r[c.id])}>
                  {c.columns.map((col, i) => (
                    <Table.Td key={col.header}>
                      {i === 0 ? <Link to={str(r[c.id])}>{col.cell(r)}</Link> : col.cell(r)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <AfterSalesStatus status={str(r.status)} />
                  </Table.Td>
                  <Table.Td>{dateTime(str(r.createdAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data && count === 0 && (
          <Text p="md" c="dimmed">
            Nothing here{status ? ` that is ${label(status)}` : ''}.
          </Text>
        )}
      </Card>
      {count > PAGE_SIZE && (
        <Pagination mt="sm" total={pageCount(count)} value={page + 1} onChange={(p) => setPage(p - 1)} />
      )}
    </>
  );
}

function NewBill({ companies }: { companies: Picker }) {
  const [companyId, setCompanyId] = useState<string | null>(null);
  const today = new Date().toISOString().slice(0, 10);
  const [periodStart, setStart] = useState(`${today.slice(0, 8)}01`);
  const [periodEnd, setEnd] = useState(today);
  const [create, { isLoading, error }] = useMutationWithToast(useCreateBillMutation());
  const navigate = useNavigate();
  const run = async () => {
    // A refusal is shown in the card, under the fields.
    const res = await create(
      { companyId: Number(companyId), periodStart, periodEnd },
      { success: (bill) => `Bill ${bill.billId}: ${bill.items.length} items`, failure: null },
    );
    if (res.ok) navigate(String(res.data.billId));
  };
  return (
    <Card withBorder mb="md">
      <Stack gap="xs">
        <Text fw={600}>Run a bill</Text>
        <Group align="end">
          <EntityPicker
            source={companies}
            label="Supplier or installer"
            value={companyId}
            onChange={setCompanyId}
            w={260}
          />
          <TextInput
            type="date"
            label="From"
            value={periodStart}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            value={periodEnd}
            onChange={(e) => setEnd(e.currentTarget.value)}
          />
          <Button onClick={run} loading={isLoading} disabled={!companyId}>
            Make draft bill
          </Button>
        </Group>
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
      </Stack>
    </Card>
  );
}
