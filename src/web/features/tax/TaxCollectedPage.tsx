import '@mantine/core/styles/Table.layer.css';
import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadText } from '../../lib/csv';
import { grouped, money } from '../../lib/format';
import { useTaxCollectedQuery } from './tax.api';
import { stateOf, taxCollectedCsv } from './tax-collected-csv';

/** /admin/tax-collected: the sales tax of placed orders by delivery state and month, with a CSV. */
export function TaxCollectedPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { data, isFetching, error } = useTaxCollectedQuery({ from: from || undefined, to: to || undefined });
  const rows = data ?? [];
  const total = rows.reduce((sum, r) => sum + r.taxCents, 0);
  const refunded = rows.reduce((sum, r) => sum + r.refundedTaxCents, 0);
  const exportCsv = () =>
    downloadText(
      `tax-collected${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`,
      taxCollectedCsv(rows),
    );
  return (
    <Stack>
      <Title order={1} size="h2">
        Tax collected
      </Title>
      <Text size="sm" c="dimmed">
        Placed orders (not cancelled) by the state they were taxed in and the month they were placed (UTC),
        with the tax each order kept when it was placed, and the tax that refunds processed in the month gave
        back on orders of the state. Orders placed before the state was recorded show as “not recorded”.
      </Text>
      <Group align="end" wrap="wrap">
        <TextInput
          label="Placed from"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={170}
        />
        <TextInput label="to" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={170} />
        <Button
          leftSection={<IconDownload size={16} />}
          variant="default"
          onClick={exportCsv}
          disabled={!rows.length}
        >
          Export CSV
        </Button>
      </Group>
      {error && <Alert color="red">The report could not be read.</Alert>}
      <Table.ScrollContainer minWidth={640}>
        <Table fz="sm" striped aria-label="Tax collected by state and month" opacity={isFetching ? 0.6 : 1}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Orders</Table.Th>
              <Table.Th ta="right">Tax</Table.Th>
              <Table.Th ta="right">Tax refunded</Table.Th>
              <Table.Th ta="right">Order totals</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.month}-${r.state}`}>
                <Table.Td>{r.month}</Table.Td>
                <Table.Td>{stateOf(r.state)}</Table.Td>
                <Table.Td ta="right">{grouped(r.orders)}</Table.Td>
                <Table.Td ta="right">{money(r.taxCents)}</Table.Td>
                <Table.Td ta="right">{money(r.refundedTaxCents)}</Table.Td>
                <Table.Td ta="right">{money(r.totalCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>Total</Table.Th>
              <Table.Th ta="right">{money(total)}</Table.Th>
              <Table.Th ta="right">{money(refunded)}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {!rows.length && !isFetching && <Text c="dimmed">No placed orders in this period.</Text>}
    </Stack>
  );
}
