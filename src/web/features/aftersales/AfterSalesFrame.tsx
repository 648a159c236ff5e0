import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Card, Grid, Loader, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { RefundLine } from '../../../contract/aftersales';
import { errorMessage } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import { type LogItem, LogTimeline } from './AfterSalesBits';

// What the four after-sales detail pages share: the page frame, the log beside the facts, the
// link to the order and the table of refunded lines.

export function Frame({
  q,
  title,
  back,
  children,
}: {
  q: { isLoading: boolean; isError: boolean; error?: unknown };
  title: string;
  back: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageTitle title={title}>{back}</PageTitle>
      {q.isLoading && <Loader aria-label="Loading" />}
      {q.isError && <Alert color="red">{errorMessage(q.error)}</Alert>}
      {children}
    </>
  );
}

/** The page body: the facts and actions on the left, the log (and a comment box) on the right. */
export function WithLog({
  log,
  aside,
  children,
}: {
  log: LogItem[];
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 8 }}>{children}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder>
          <Title order={5} mb="sm">
            Log
          </Title>
          <LogTimeline log={log} />
          {aside}
        </Card>
      </Grid.Col>
    </Grid>
  );
}

/** The link to the order a return, claim or refund belongs to, with the customer's name. */
export const OrderOf = ({ x }: { x: { orderId: number; orderNumber: string; companyName: string } }) => (
  <>
    order <Link to={`/admin/orders/${x.orderId}`}>{x.orderNumber}</Link> · {x.companyName}
  </>
);

/**
 * A refund line by line: the tires, their cover and shipping, the charges they carried (excise
 * tax, tire fee, installer services) and their sales tax, less restocking; a capped refund shows
 * what the order could no longer give back of each line, a road-hazard credit the covered share
 * of the tire (given back with its tax, no unit returned).
 */
export function RefundLines({ lines }: { lines: RefundLine[] }) {
  const capped = lines.some((l) => l.cappedCents > 0);
  const covered = lines.some((l) => (l.coveredCents ?? 0) > 0);
  const heads = [
    'Item',
    'Units',
    ...(covered ? ['Covered'] : []),
    'Price',
    'Discount',
    'Road hazard',
    'Shipping',
    'FET & fees',
    'Tax',
    'Restocking',
  ];
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            {[...heads, ...(capped ? ['Over what is left'] : []), 'Refund'].map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.orderItemId}>
              <Table.Td>{l.description}</Table.Td>
              <Table.Td>{l.quantity}</Table.Td>
              {covered && <Table.Td>{money(l.coveredCents ?? 0)}</Table.Td>}
              <Table.Td>{money(l.priceCents)}</Table.Td>
              <Table.Td>{money(-l.discountCents)}</Table.Td>
              <Table.Td>{money(l.roadHazardCents)}</Table.Td>
              <Table.Td>{money(l.shippingCents)}</Table.Td>
              <Table.Td>{money(l.fetCents + l.tireFeeCents + l.servicesCents)}</Table.Td>
              <Table.Td>{money(l.taxCents)}</Table.Td>
              <Table.Td>{money(-l.restockingFeeCents)}</Table.Td>
              {capped && <Table.Td>{money(-l.cappedCents)}</Table.Td>}
              <Table.Td fw={600}>{money(l.totalCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
