import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Badge, Card, Group, Image, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Product } from '../../../contract/catalog';
import { miles, service } from './search.format';
import { Price } from './Price';
import { useProductByCodeQuery } from './search.api';

/** The product view of one SKU (GET /api/products/{code}?make=). */
export function ProductDetail({
  code,
  make,
  renderActions,
}: {
  code: string;
  make: string;
  renderActions?: (product: Product) => ReactNode;
}) {
  const { data: p, isLoading, error } = useProductByCodeQuery({ code, make });
  if (isLoading) return <Loader aria-label="Loading product" />;
  if (error || !p) {
    return (
      <Alert color="gray" variant="light" title="Product not found">
        This tire is not in the catalogue.
      </Alert>
    );
  }
  const rows: [string, ReactNode][] = [
    ['Size', `${p.size} ${service(p)}`],
    ['MPN', p.skuCode],
    ['Category', p.category ?? '—'],
    ['UTQG', p.utqg ?? 'n/a'],
    ['Tread warranty', miles(p.warrantyMiles)],
    ['Sidewall', p.sidewall ?? '—'],
    ['Load range / ply', `${p.loadRange ?? '—'} / ${p.ply ?? '—'}`],
    ['Overall diameter', `${p.overallDiameter}"`],
    ['Weight', p.weightLbs ? `${p.weightLbs} lb` : '—'],
  ];
  return (
    <Card withBorder radius="md" p="lg">
      <Group align="flex-start" gap="xl">
        <Image src={p.image} alt={`${p.brand} ${p.line}`} w={200} fit="contain" />
        <Stack gap="xs" style={{ flex: 1 }}>
          <Title order={2} size="h3">
            {p.brand} {p.line}
          </Title>
          <Group gap="xs">
            {p.runFlat && <Badge variant="light">Run-flat</Badge>}
            {p.specials && <Badge color="orange">Special</Badge>}
          </Group>
          <Price price={p} size="xl" />
          <Text c={p.available > 0 ? 'green' : 'red'}>{p.available} available</Text>
          {renderActions?.(p)}
          <Table withRowBorders={false} maw={480}>
            <Table.Tbody>
              {rows.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th>{k}</Table.Th>
                  <Table.Td>{v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Group>
    </Card>
  );
}
