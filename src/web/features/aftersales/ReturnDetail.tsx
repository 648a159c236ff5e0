import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Button, Card, Group, NumberInput, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { percent } from '../../lib/format';
import { AfterSalesStatus, actionLabel, label, PhotoStrip } from './AfterSalesBits';
import {
  type ReturnView,
  useActOnReturnMutation,
  useCommentOnReturnMutation,
  useGetReturnQuery,
} from './aftersales.api';
import { Frame, OrderOf, WithLog } from './AfterSalesFrame';
import { ReturnRefund } from './ReturnRefund';
import { toastOutcome } from '../../lib/use-mutation-with-toast';

export function ReturnDetail({ id, back }: { id: number; back: ReactNode }) {
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
        onClick={async () =>
          (await toastOutcome(comment({ id, note }), { success: 'Comment added' })).ok && setNote('')
        }
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
              toastOutcome(
                act({
                  id: r.returnId,
                  action: a,
                  ...(a === 'inspect' && {
                    scrap: Object.entries(scrap).map(([k, v]) => ({ returnItemId: Number(k), quantity: v })),
                  }),
                }),
                { success: `Return ${label(a)}d` },
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
