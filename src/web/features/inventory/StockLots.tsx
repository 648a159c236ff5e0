import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Badge, Group, Loader, Table, Text } from '@mantine/core';
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
  const stock = useStockQuery({ warehouseId, pageSize: 100, sort: 'skuCode' });
  const rows = stock.data?.data.list;
  if (stock.isLoading) return <Loader size="sm" aria-label="Loading the stock" />;
  if (stock.error) return <Alert color="red">The stock could not be loaded.</Alert>;
  if (!rows?.length) return <Text c="dimmed">No stock in this warehouse yet: upload a feed.</Text>;
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
