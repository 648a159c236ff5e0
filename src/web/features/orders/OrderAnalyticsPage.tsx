import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Card, Grid, Group, Loader, Table, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import type { z } from 'zod';
import type { Analytics } from '../../../contract/orders-staff';
import { useAnalyticsQuery } from './orders.api';

const dollars = (cents: number) => Math.round(cents / 100);

type Totals = z.infer<typeof Analytics>['totals'];
/** What the orders charged besides their sales; `forOthers`: collected for someone else. */
const collectedRows: { key: keyof Totals; label: string; forOthers?: boolean }[] = [
  { key: 'roadHazardCents', label: 'Road hazard cover' },
  { key: 'shippingCents', label: 'Shipping' },
  { key: 'fetCents', label: 'Federal excise tax', forOthers: true },
  { key: 'tireFeeCents', label: 'State tire fees', forOthers: true },
  { key: 'servicesCents', label: 'Installer services', forOthers: true },
  { key: 'taxCents', label: 'Sales tax', forOthers: true },
];

/** Sales, then each part the orders collected besides, then the orders' totals. */
function CollectedTable({ totals }: { totals: Totals }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        Sales and what the orders collected besides
      </Title>
      <Table aria-label="Sales and collected amounts" striped>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Sales (tires after discounts)</Table.Th>
            <Table.Td ta="right">{money(totals.salesCents)}</Table.Td>
          </Table.Tr>
          {collectedRows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>
                {r.label}
                {r.forOthers && (
                  <Text size="xs" c="dimmed">
                    collected for others
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{money(totals[r.key])}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Order totals</Table.Th>
            <Table.Td ta="right" fw={700}>
              {money(totals.totalCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/**
 * /admin/orders/analytics: sales (the tires after discounts) by day, by make and by company, and
 * what the orders collected besides, tax and fees for others among it.
 */
export function OrderAnalyticsPage() {
  const { data, isLoading, isError } = useAnalyticsQuery({});
  return (
    <>
      <PageTitle title="Order analytics" />
      {isLoading && <Loader aria-label="Loading analytics" />}
      {isError && <Alert color="red">The analytics could not be loaded.</Alert>}
      {data && data.totals.orders === 0 && <Text>No sales yet.</Text>}
      {data && data.totals.orders > 0 && (
        <>
          <Group mb="md" gap="xl">
            <Text>
              <b>{data.totals.orders}</b> orders
            </Text>
            <Text>
              <b>{money(data.totals.salesCents)}</b> sales
            </Text>
            <Text>
              <b>{data.totals.units}</b> tires
            </Text>
          </Group>
          <Grid>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card withBorder>
                <Title order={2} size="h4" mb="sm">
                  Sales by day ($)
                </Title>
                <LineChart
                  h={240}
                  data={data.byDay.map((d) => ({ day: d.day, sales: dollars(d.salesCents) }))}
                  dataKey="day"
                  series={[{ name: 'sales', color: 'orange.6' }]}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <CollectedTable totals={data.totals} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Card withBorder>
                <Title order={2} size="h4" mb="sm">
                  By make ($)
                </Title>
                <BarChart
                  h={260}
                  data={data.byMake.map((m) => ({ make: m.makeName, sales: dollars(m.salesCents) }))}
                  dataKey="make"
                  series={[{ name: 'sales', color: 'blue.6' }]}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Card withBorder>
                <Title order={2} size="h4" mb="sm">
                  By company ($)
                </Title>
                <BarChart
                  h={260}
                  data={data.byCompany.map((c) => ({ company: c.companyName, sales: dollars(c.salesCents) }))}
                  dataKey="company"
                  series={[{ name: 'sales', color: 'teal.6' }]}
                />
              </Card>
            </Grid.Col>
          </Grid>
        </>
      )}
    </>
  );
}
