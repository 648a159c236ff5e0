import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { showToast } from '../../lib/toasts';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { RefundLine } from '../../../contract/aftersales';
import { errorMessage } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { dateTime, money, percent } from '../../lib/format';
import {
  AfterSalesStatus,
  actionLabel,
  type LogItem,
  LogTimeline,
  label,
  PhotoStrip,
} from './AfterSalesBits';
import {
  type BillView,
  type ClaimView,
  documentUrl,
  type Kind,
  type RefundView,
  type ReturnView,
  useActOnBillMutation,
  useActOnClaimMutation,
  useActOnReturnMutation,
  useChangeRefundStatusMutation,
  useCommentOnReturnMutation,
  useCreateRefundMutation,
  useCreateVendorRecordsMutation,
  useDeleteBillItemMutation,
  useDeleteVendorRecordMutation,
  useGetBillQuery,
  useGetClaimQuery,
  useGetRefundQuery,
  useGetReturnQuery,
  usePreviewRefundMutation,
} from './aftersales.api';

/** Runs a mutation and says what happened; answers whether it worked. */
async function done(p: Promise<{ data?: unknown; error?: unknown }>, message: string) {
  const res = await p;
  if ('error' in res && res.error) {
    showToast({ color: 'red', message: errorMessage(res.error) });
    return false;
  }
  showToast({ color: 'green', message });
  return true;
}

/** A staff detail page of a return, claim, refund or bill: facts, log, and the actions allowed now. */
export function AfterSalesDetail({ kind }: { kind: Kind }) {
  const id = Number(useParams().id);
  const back = (
    <Button component={Link} to=".." relative="path" variant="default">
      Back to the queue
    </Button>
  );
  if (kind === 'return') return <ReturnDetail id={id} back={back} />;
  if (kind === 'claim') return <ClaimDetail id={id} back={back} />;
  if (kind === 'refund') return <RefundDetail id={id} back={back} />;
  return <BillDetail id={id} back={back} />;
}

function Frame({
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
function WithLog({ log, aside, children }: { log: LogItem[]; aside?: ReactNode; children: ReactNode }) {
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
const OrderOf = ({ x }: { x: { orderId: number; orderNumber: string; companyName: string } }) => (
  <>
    order <Link to={`/admin/orders/${x.orderId}`}>{x.orderNumber}</Link> · {x.companyName}
  </>
);

function RefundLines({ lines }: { lines: RefundLine[] }) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            {['Item', 'Units', 'Price', 'Discount', 'Road hazard', 'Shipping', 'Restocking', 'Refund'].map(
              (h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.orderItemId}>
              <Table.Td>{l.description}</Table.Td>
              <Table.Td>{l.quantity}</Table.Td>
              <Table.Td>{money(l.priceCents)}</Table.Td>
              <Table.Td>{money(-l.discountCents)}</Table.Td>
              <Table.Td>{money(l.roadHazardCents)}</Table.Td>
              <Table.Td>{money(l.shippingCents)}</Table.Td>
              <Table.Td>{money(-l.restockingFeeCents)}</Table.Td>
              <Table.Td fw={600}>{money(l.totalCents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReturnDetail({ id, back }: { id: number; back: ReactNode }) {
  const q = useGetReturnQuery(id);
  const r = q.data;
  return (
    <Frame q={q} title={r ? `Return ${r.number}` : 'Return'} back={back}>
      {r && (
        <>
          <WithLog log={r.log} aside={<Comment id={r.returnId} />}>
            <Card withBorder mb="md">
              <Group justify="space-between">
                <Text>
                  <OrderOf x={r} />
                </Text>
                <AfterSalesStatus status={r.status} />
              </Group>
              <Text size="sm">
                Reason: {label(r.reason)} · restocking fee {percent(r.restockingFeeBasisPoints)} · ships back
                to {r.warehouseName ?? r.shipTo ?? '—'}
              </Text>
              {r.note && <Text size="sm">“{r.note}”</Text>}
              <Table.ScrollContainer minWidth={420} mt="sm">
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Tire</Table.Th>
                      <Table.Th>Units</Table.Th>
                      <Table.Th>Received</Table.Th>
                      <Table.Th>Scrapped</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {r.items.map((i) => (
                      <Table.Tr key={i.returnItemId}>
                        <Table.Td>
                          {i.description} ({i.skuCode})
                          <PhotoStrip photos={i.photos} alt={i.description} />
                        </Table.Td>
                        <Table.Td>{i.quantity}</Table.Td>
                        <Table.Td>{i.receivedQuantity}</Table.Td>
                        <Table.Td>{i.scrappedQuantity}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
            <ReturnActions r={r} />
          </WithLog>
          <ReturnRefund r={r} />
        </>
      )}
    </Frame>
  );
}

function Comment({ id }: { id: number }) {
  const [note, setNote] = useState('');
  const [comment, { isLoading }] = useCommentOnReturnMutation();
  return (
    <Stack gap="xs" mt="md">
      <Textarea placeholder="Add a comment" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      <Button
        size="xs"
        variant="default"
        loading={isLoading}
        disabled={!note.trim()}
        onClick={async () => (await done(comment({ id, note }), 'Comment added')) && setNote('')}
      >
        Comment
      </Button>
    </Stack>
  );
}

function ReturnActions({ r }: { r: ReturnView }) {
  const [act, { isLoading }] = useActOnReturnMutation();
  const [scrap, setScrap] = useState<Record<number, number>>({});
  if (!r.actions.length) return null;
  return (
    <Card withBorder mb="md">
      <Title order={5} mb="sm">
        Actions
      </Title>
      {r.actions.includes('inspect') &&
        r.items.map((i) => (
          <NumberInput
            key={i.returnItemId}
            label={`Unsellable units of ${i.description}`}
            min={0}
            max={i.receivedQuantity}
            value={scrap[i.returnItemId] ?? 0}
            onChange={(v) => setScrap({ ...scrap, [i.returnItemId]: Number(v) || 0 })}
            mb="xs"
          />
        ))}
      <Group>
        {r.actions.map((a) => (
          <Button
            key={a}
            loading={isLoading}
            color={a === 'reject' ? 'red' : a === 'close' ? 'gray' : undefined}
            variant={a === 'close' ? 'default' : 'filled'}
            onClick={() =>
              done(
                act({
                  id: r.returnId,
                  action: a,
                  ...(a === 'inspect' && {
                    scrap: Object.entries(scrap).map(([k, v]) => ({ returnItemId: Number(k), quantity: v })),
                  }),
                }),
                `Return ${label(a)}d`,
              )
            }
          >
            {actionLabel(a)}
          </Button>
        ))}
      </Group>
    </Card>
  );
}

/** The refund of a received return: previewed line by line first, then made. */
function ReturnRefund({ r }: { r: ReturnView }) {
  const [preview, p] = usePreviewRefundMutation();
  const [create, c] = useCreateRefundMutation();
  if (r.status !== 'received' && r.status !== 'inspected') {
    return r.refunds.length ? (
      <Card withBorder mt="md">
        {r.refunds.map((f) => (
          <Text key={f.refundId}>
            <Link to={`/admin/refunds/${f.refundId}`}>Refund {f.refundId}</Link>: {money(f.amountCents)} ·{' '}
            {label(f.status)}
          </Text>
        ))}
      </Card>
    ) : null;
  }
  const units = r.items
    .filter((i) => i.receivedQuantity > 0)
    .map((i) => ({ orderItemId: i.orderItemId, quantity: i.receivedQuantity }));
  return (
    <Card withBorder mt="md">
      <Group justify="space-between" mb="sm">
        <Title order={5}>Refund</Title>
        <Button
          variant="default"
          loading={p.isLoading}
          onClick={() => preview({ orderId: r.orderId, items: units, reason: r.reason })}
        >
          Preview refund
        </Button>
      </Group>
      {p.error && <Alert color="red">{errorMessage(p.error)}</Alert>}
      {p.data && (
        <>
          <RefundLines lines={p.data.lines} />
          <Group justify="space-between" mt="sm">
            <Text size="sm">
              {money(p.data.refundableCents)} of the order can still be refunded
              {p.data.needsApproval
                ? " · with the order's other refunds above the threshold: finance approves it"
                : ''}
            </Text>
            <Button
              loading={c.isLoading}
              onClick={() => done(create({ orderId: r.orderId, returnId: r.returnId }), 'Refund made')}
            >
              Refund {money(p.data.totalCents)}
            </Button>
          </Group>
        </>
      )}
    </Card>
  );
}

function ClaimDetail({ id, back }: { id: number; back: ReactNode }) {
  const q = useGetClaimQuery(id);
  const c = q.data;
  return (
    <Frame q={q} title={c ? `Claim ${c.claimId}` : 'Claim'} back={back}>
      {c && (
        <WithLog log={c.log}>
          <Card withBorder mb="md">
            <Group justify="space-between">
              <Text>
                {c.tire} · <OrderOf x={c} />
              </Text>
              <AfterSalesStatus status={c.status} />
            </Group>
            <Text size="sm">
              Damaged {c.damagedOn} at {c.odometerMiles.toLocaleString('en-US')} miles; {c.remainingTread32}
              /32" of {c.newTread32}/32" left
            </Text>
            <Text size="sm">
              Price {money(c.priceCents)} × {percent(c.usableShareBasisPoints)} usable tread = covered{' '}
              <b>{money(c.coveredCents)}</b>
            </Text>
            <Text size="sm">
              Installer: {c.installerName ?? '—'} · labour {money(c.labourCents)} · settlement{' '}
              {c.settlement ? label(c.settlement) : '—'}
              {c.replacementOrderId && (
                <>
                  {' '}
                  · <Link to={`/admin/orders/${c.replacementOrderId}`}>replacement order</Link>
                </>
              )}
            </Text>
            {c.description && <Text size="sm">“{c.description}”</Text>}
            <PhotoStrip photos={c.photos} alt={c.tire} />
          </Card>
          <ClaimActions c={c} />
        </WithLog>
      )}
    </Frame>
  );
}

function ClaimActions({ c }: { c: ClaimView }) {
  const [act, { isLoading }] = useActOnClaimMutation();
  const [settlement, setSettlement] = useState<string | null>('credit');
  const [labour, setLabour] = useState(0);
  if (!c.actions.length) return null;
  return (
    <Card withBorder>
      <Title order={5} mb="sm">
        Actions
      </Title>
      {c.actions.includes('approve') && (
        <Group mb="sm" align="end">
          <Select
            label="Settlement"
            data={[
              { value: 'credit', label: 'Credit (refund)' },
              { value: 'replacement', label: 'Replacement order' },
            ]}
            value={settlement}
            onChange={setSettlement}
          />
          <NumberInput
            label="Installer labour ($)"
            min={0}
            decimalScale={2}
            value={labour / 100}
            onChange={(v) => setLabour(Math.round(Number(v) * 100) || 0)}
          />
        </Group>
      )}
      <Group>
        {c.actions.map((a) => (
          <Button
            key={a}
            loading={isLoading}
            color={a === 'deny' ? 'red' : undefined}
            onClick={() =>
              done(
                act({
                  id: c.claimId,
                  action: a,
                  ...(a === 'approve' && {
                    settlement: settlement as 'credit' | 'replacement',
                    labourCents: labour,
                  }),
                }),
                `Claim: ${a}`,
              )
            }
          >
            {a === 'pay' ? `Pay ${money(c.coveredCents)}` : actionLabel(a)}
          </Button>
        ))}
      </Group>
    </Card>
  );
}

function RefundDetail({ id, back }: { id: number; back: ReactNode }) {
  const q = useGetRefundQuery(id);
  const r = q.data;
  const [change, s] = useChangeRefundStatusMutation();
  const [make] = useCreateVendorRecordsMutation();
  const [remove] = useDeleteVendorRecordMutation();
  return (
    <Frame q={q} title={r ? `Refund ${r.refundId}` : 'Refund'} back={back}>
      {r && <RefundBody r={r} />}
      {r && (
        <WithLog log={r.log}>
          <Card withBorder>
            <Group justify="space-between" mb="sm">
              <Title order={5}>What suppliers owe back (their cost)</Title>
              {!r.vendors.length && r.lines.length > 0 && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => done(make(r.refundId), 'Vendor records made')}
                >
                  Make vendor records
                </Button>
              )}
            </Group>
            {!r.vendors.length && <Text c="dimmed">No vendor records.</Text>}
            {r.vendors.map((v) => (
              <Group key={v.vendorId} justify="space-between">
                <Text size="sm">
                  {v.supplierName}: {v.quantity} units · {v.note}
                </Text>
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {money(v.amountCents)}
                  </Text>
                  {v.billId ? (
                    <Link to={`/admin/bills/${v.billId}`}>bill {v.billId}</Link>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => done(remove({ id: r.refundId, vendorId: v.vendorId }), 'Removed')}
                    >
                      Remove
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Card>
          {r.nextStatuses.length > 0 && (
            <Card withBorder mt="md">
              <Group>
                {r.nextStatuses
                  .filter((x) => x !== 'processed')
                  .map((x) => (
                    <Button
                      key={x}
                      loading={s.isLoading}
                      color={x === 'failed' ? 'red' : undefined}
                      onClick={() =>
                        // The amount shown is the amount decided on: a refund changed since is refused.
                        done(
                          change({ refund: r.refundId, status: x, amountCents: r.amountCents }),
                          `Refund ${x}`,
                        )
                      }
                    >
                      {x === 'approved' ? `Approve and refund ${money(r.amountCents)}` : 'Mark failed'}
                    </Button>
                  ))}
              </Group>
            </Card>
          )}
        </WithLog>
      )}
    </Frame>
  );
}

function RefundBody({ r }: { r: RefundView }) {
  return (
    <Card withBorder mb="md">
      <Group justify="space-between">
        <Text>
          <OrderOf x={r} />
          {r.returnId && (
            <>
              {' '}
              · <Link to={`/admin/returns/${r.returnId}`}>return</Link>
            </>
          )}
          {r.claimId && (
            <>
              {' '}
              · <Link to={`/admin/claims/${r.claimId}`}>claim</Link>
            </>
          )}
        </Text>
        <AfterSalesStatus status={r.status} />
      </Group>
      <Text size="sm">
        {money(r.amountCents)} · by {r.createdBy}
        {r.approvedBy ? ` · approved by ${r.approvedBy}` : ''}
        {r.needsApproval && r.status === 'pending' ? ' · waits for finance' : ''}
        {r.processedAt
          ? ` · ${money(r.refundedCents)} to the payment, ${money(r.creditedCents)} credited, ${dateTime(r.processedAt)}`
          : ''}
      </Text>
      {r.lines.length > 0 && <RefundLines lines={r.lines} />}
    </Card>
  );
}

function BillDetail({ id, back }: { id: number; back: ReactNode }) {
  const q = useGetBillQuery(id);
  const b = q.data;
  return (
    <Frame q={q} title={b ? `Bill ${b.billId}` : 'Bill'} back={back}>
      {b && <BillBody b={b} />}
    </Frame>
  );
}

/** A bill's items and totals; staff with finance rights get its actions. Also the supplier's read-only view. */
export function BillBody({ b }: { b: BillView }) {
  const [act, a] = useActOnBillMutation();
  const [remove] = useDeleteBillItemMutation();
  const editable = b.actions.includes('approve');
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs">
        <Text>
          {b.companyName} · {b.periodStart} – {b.periodEnd}
        </Text>
        <Group gap="xs">
          <Button component="a" href={documentUrl.billCsv(b.billId)} size="xs" variant="default">
            CSV
          </Button>
          <AfterSalesStatus status={b.status} />
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Units</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th>Amount</Table.Th>
              {editable && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.items.map((i) => (
              <Table.Tr key={i.billItemId}>
                <Table.Td>{i.description}</Table.Td>
                <Table.Td>{i.quantity}</Table.Td>
                <Table.Td>{money(i.unitCents)}</Table.Td>
                <Table.Td c={i.amountCents < 0 ? 'red' : undefined}>{money(i.amountCents)}</Table.Td>
                {editable && (
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => done(remove({ id: b.billId, itemId: i.billItemId }), 'Item removed')}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!b.items.length && <Text c="dimmed">Nothing to bill in this period.</Text>}
      <Stack gap={2} mt="sm" align="end">
        <Text size="sm">Fulfilled lines at cost {money(b.linesCents)}</Text>
        <Text size="sm">Vendor refunds {money(b.vendorRefundCents)}</Text>
        <Text size="sm">Claim labour {money(b.labourCents)}</Text>
        <Text fw={700}>Total {money(b.totalCents)}</Text>
      </Stack>
      {b.actions.length > 0 && (
        <Group mt="md">
          {b.actions.map((x) => (
            <Button
              key={x}
              loading={a.isLoading}
              color={x === 'void' ? 'red' : undefined}
              variant={x === 'void' ? 'light' : 'filled'}
              onClick={() => done(act({ id: b.billId, action: x }), `Bill: ${x}`)}
            >
              {actionLabel(x)}
            </Button>
          ))}
        </Group>
      )}
    </Card>
  );
}
