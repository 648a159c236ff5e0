import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import { Alert, Card, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '../../components/PageTitle';
import { FailedRows } from './FailedRows';
import { FeedUpload } from './FeedUpload';
import { StockLots } from './StockLots';
import { useListWarehousesQuery } from './inventory.api';

/**
 * /supplier/inventory: a supplier keeps its stock current by uploading feeds per warehouse, and
 * sets when each ships (renderShipping: the delivery area's card, composed by the router).
 */
export function SupplierInventoryPage({
  renderShipping,
}: {
  renderShipping?: (warehouseId: number) => ReactNode;
}) {
  // A supplier's list holds its own warehouses only.
  const warehouses = useListWarehousesQuery({ pageSize: 100 });
  const { isLoading, error } = warehouses;
  const data = warehouses.data?.data.list;
  const [chosen, setChosen] = useState<string | null>(null);
  const warehouseId = Number(chosen ?? data?.[0]?.id ?? 0) || undefined;
  return (
    <Stack>
      <PageTitle title="Inventory feeds" />
      {isLoading && <Loader aria-label="Loading warehouses" />}
      {error && <Alert color="red">Your warehouses could not be loaded.</Alert>}
      {data && data.length === 0 && (
        <Text c="dimmed">Your company has no warehouse yet. Ask Tread to add one.</Text>
      )}
      {data && data.length > 0 && (
        <>
          <Card withBorder>
            <Stack>
              <Select
                label="Warehouse"
                w={320}
                allowDeselect={false}
                value={String(warehouseId)}
                onChange={setChosen}
                data={data.map((w) => ({
                  value: String(w.id),
                  label: `${w.code} · ${w.name} (${w.units} units)`,
                }))}
              />
              {warehouseId && <FeedUpload warehouseId={warehouseId} />}
            </Stack>
          </Card>
          {warehouseId && (
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Stock and DOT codes
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                A feed's optional <code>dot</code> column gives each line's DOT date code (2324 = week 23 of
                2024); a tire may come on one line per code. Lots older than six years are never sold.
              </Text>
              <StockLots warehouseId={warehouseId} />
            </Card>
          )}
          {warehouseId && renderShipping?.(warehouseId)}
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Failed rows
            </Title>
            <FailedRows warehouseId={warehouseId} />
          </Card>
        </>
      )}
    </Stack>
  );
}
