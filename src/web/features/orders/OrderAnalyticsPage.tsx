import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Card, Grid, Group, Loader, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import { useAnalyticsQuery } from './orders.api';

const dollars = (cents: number) => Math.round(cents / 100);

/** /admin/orders/analytics: sales by day, by make and by company. */
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
            <Grid.Col span={12}>
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
