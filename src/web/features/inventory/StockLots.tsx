import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Alert, Badge, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { InventoryRow } from '../../../contract/inventory';
import { useStockQuery } from './inventory.api';

/** A stock row's DOT-coded lots, oldest first; a lot older than six years is flagged (never sold). */
export function LotBadges({ row }: { row: InventoryRow }) {
  const inLots = row.lots.reduce((s, l) => s + l.quantity, 0);
  const unknown = row.quantity - inLots;
  return (
    <Group gap={4}>
      {row.lots.map((l) => (
        <Badge
          key={l.dotCode}
          // Wraps instead of cutting the code off in a phone's narrow column.
          styles={{
            root: { height: 'auto', maxWidth: '100%' },
            label: { whiteSpace: 'normal', overflow: 'visible' },
          }}
          variant="light"
          color={l.tooOld ? 'red' : 'gray'}
          title={l.tooOld ? 'Older than six years: never sold new' : `${l.ageMonths} months old`}
        >
          DOT {l.dotCode} × {l.quantity}
          {l.tooOld ? ' · over 6 years' : ''}
        </Badge>
      ))}
      {unknown > 0 && (
        <Badge variant="outline" color="gray">
          {row.lots.length ? `unknown × ${unknown}` : 'unknown'}
        </Badge>
      )}
    </Group>
  );
}

/** The supplier's stock of one warehouse with each row's DOT codes (docs/domain.md, "Tire age"). */
export function StockLots({ warehouseId }: { warehouseId: number }) {
  const [q, setQ] = useState('');
  const stock = useStockQuery({ warehouseId, pageSize: 100, sort: 'skuCode', q: q.trim() || undefined });
  const rows = stock.data?.data.list;
  const total = stock.data?.data.count ?? 0;
  return (
    <Stack gap="sm">
      <TextInput
        label="Find a tire"
        placeholder="SKU, size or make"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      {stock.isLoading && <Loader size="sm" aria-label="Loading the stock" />}
      {stock.error && <Alert color="red">The stock could not be loaded.</Alert>}
      {rows && !rows.length && <Text c="dimmed">No stock found in this warehouse.</Text>}
      {rows && rows.length > 0 && <StockTable rows={rows} />}
      {total > 100 && (
        <Text size="xs" c="dimmed">
          The first 100 of {total} tires; find a tire to see others.
        </Text>
      )}
    </Stack>
  );
}

function StockTable({ rows }: { rows: InventoryRow[] }) {
  return (
    <Table striped aria-label="Stock">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tire</Table.Th>
          <Table.Th ta="right">Units</Table.Th>
          <Table.Th>DOT</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.productId} data-old={r.lots.some((l) => l.tooOld) || undefined}>
            <Table.Td>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {r.skuCode}
              </Text>
              <Text size="xs" c="dimmed">
                {r.makeName} {r.size}
              </Text>
            </Table.Td>
            <Table.Td ta="right">
              {r.quantity}
              {r.reserved > 0 && (
                <Text size="xs" c="dimmed">
                  {r.reserved} reserved
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <LotBadges row={r} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
