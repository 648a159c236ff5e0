import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { OrderDetail } from '../../../contract/order-shapes';
import { isShippableReturn, returnReasons } from '../../../domain/aftersales-status';
import { type ApiProblem, errorMessage } from '../../api/client';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { money } from '../../lib/format';
import { AfterSalesStatus, LogTimeline, label, PhotoPicker, PhotoStrip } from './AfterSalesBits';
import {
  documentUrl,
  useAddClaimPhotosMutation,
  useAddReturnPhotosMutation,
  useAfterSalesListQuery,
  useClaimInstallersQuery,
  useFileClaimMutation,
  useGetClaimQuery,
  useGetReturnQuery,
  useOpenReturnMutation,
} from './aftersales.api';
import { hasArrived, isInTransitOrder } from '../../../domain/order-status';

/** The return or claim exists; only its photos were refused (the notice says why). */
const photosRefused = (what: string) => ({
  failure: (problem: ApiProblem) =>
    `${what} was filed, but the photos were refused: ${errorMessage(problem)}`,
});

const delivered = (o: OrderDetail) => hasArrived(o.status);
/** Some units may have arrived: the server takes a return of the units delivered so far. */
const partlyDelivered = (o: OrderDetail) => isInTransitOrder(o.status);

/** On the buyer's order page: the invoice, returns and claims with their timelines, and refunds. */
export function OrderAfterSales({ order }: { order: OrderDetail }) {
  const returns = useAfterSalesListQuery({ kind: 'return', page: 0, orderId: order.orderId });
  const claims = useAfterSalesListQuery({ kind: 'claim', page: 0, orderId: order.orderId });
  const refunds = useAfterSalesListQuery({ kind: 'refund', page: 0, orderId: order.orderId });
  const [returning, setReturning] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const covered = order.orderItems.filter((i) => i.orderItemRoadHazard);
  return (
    <Card withBorder mt="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Returns, claims and refunds</Title>
        <Group gap="xs">
          <Button
            component="a"
            href={documentUrl.invoice(order.orderId)}
            target="_blank"
            variant="default"
            size="xs"
          >
            Invoice PDF
          </Button>
          {(delivered(order) || partlyDelivered(order)) && (
            <Button size="xs" onClick={() => setReturning(true)}>
              Return items
            </Button>
          )}
          {delivered(order) && covered.length > 0 && (
            <Button size="xs" variant="light" onClick={() => setClaiming(true)}>
              File a claim
            </Button>
          )}
        </Group>
      </Group>
      {!delivered(order) && (
        <Text size="sm" c="dimmed">
          {partlyDelivered(order)
            ? 'Tires that have been delivered can be returned now; the rest once they arrive.'
            : 'Items can be returned once the order is delivered.'}
        </Text>
      )}
      <Stack gap="sm">
        {(returns.data?.data.list ?? []).map((r) => (
          <ReturnCard key={String(r.returnId)} id={Number(r.returnId)} />
        ))}
        {(claims.data?.data.list ?? []).map((c) => (
          <ClaimCard key={String(c.claimId)} id={Number(c.claimId)} />
        ))}
        {(refunds.data?.data.list ?? []).map((r) => (
          <Group key={String(r.refundId)} justify="space-between">
            <Text size="sm">Refund {String(r.refundId)}</Text>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {money(Number(r.amountCents))}
              </Text>
              <AfterSalesStatus status={String(r.status)} />
            </Group>
          </Group>
        ))}
      </Stack>
      <ReturnForm order={order} opened={returning} onClose={() => setReturning(false)} />
      <ClaimForm order={order} opened={claiming} onClose={() => setClaiming(false)} />
    </Card>
  );
}

function ReturnCard({ id }: { id: number }) {
  const { data: r } = useGetReturnQuery(id);
  if (!r) return null;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          Return {r.number}: {r.units} tire{r.units === 1 ? '' : 's'}, {label(r.reason)}
        </Text>
        <Group gap="xs">
          {isShippableReturn(r.status) && (
            <>
              <Button
                component="a"
                href={documentUrl.rma(r.returnId)}
                target="_blank"
                size="compact-xs"
                variant="default"
              >
                Return authorization
              </Button>
              <Button
                component="a"
                href={documentUrl.returnLabel(r.returnId)}
                target="_blank"
                size="compact-xs"
                variant="default"
              >
                Return label
              </Button>
            </>
          )}
          <AfterSalesStatus status={r.status} />
        </Group>
      </Group>
      {r.items.map((i) => (
        <PhotoStrip key={i.returnItemId} photos={i.photos} alt={i.description} />
      ))}
      <LogTimeline log={r.log} />
      {r.refunds.map((f) => (
        <Text key={f.refundId} size="sm" mt="xs">
          Refund {money(f.amountCents)} · {label(f.status)}
        </Text>
      ))}
    </Card>
  );
}

function ClaimCard({ id }: { id: number }) {
  const { data: c } = useGetClaimQuery(id);
  if (!c) return null;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          Road hazard claim: {c.tire}, covered {money(c.coveredCents)}
        </Text>
        <AfterSalesStatus status={c.status} />
      </Group>
      <PhotoStrip photos={c.photos} alt={c.tire} />
      <LogTimeline log={c.log} />
    </Card>
  );
}

function ReturnForm({
  order,
  opened,
  onClose,
}: {
  order: OrderDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const [units, setUnits] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<Record<number, File[]>>({});
  const [open, { isLoading, error }] = useOpenReturnMutation();
  const [addPhotos, uploading] = useAddReturnPhotosMutation();
  const items = Object.entries(units)
    .filter(([, q]) => q > 0)
    .map(([orderItemId, quantity]) => ({ orderItemId: Number(orderItemId), quantity }));
  const submit = async () => {
    // A refusal is shown in the form; a refusal of the photos after it, in a toast of its own.
    const res = await toastOutcome(
      open({ orderId: order.orderId, reason: reason as (typeof returnReasons)[number], note, items }),
      { success: (made) => `Return ${made.number} requested`, failure: null },
    );
    if (res.ok) {
      const made = res.data;
      // Photos go on each returned item once the return exists (the server checks every file).
      for (const item of made.items) {
        const files = photos[item.orderItemId] ?? [];
        if (files.length)
          await toastOutcome(
            addPhotos({ id: made.returnId, itemId: item.returnItemId, files }),
            photosRefused(`Return ${made.number}`),
          );
      }
      setUnits({});
      setPhotos({});
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Return items">
      <Stack>
        {order.orderItems.map((i) => (
          <Stack key={i.orderItemId} gap={6}>
            <NumberInput
              label={`${i.makeName} ${i.modelName} ${i.size} (bought ${i.orderItemQuantity})`}
              min={0}
              max={i.orderItemQuantity}
              value={units[i.orderItemId] ?? 0}
              onChange={(v) => setUnits({ ...units, [i.orderItemId]: Number(v) || 0 })}
            />
            {(units[i.orderItemId] ?? 0) > 0 && (
              <PhotoPicker
                label="Photos (optional)"
                value={photos[i.orderItemId] ?? []}
                onChange={(files) => setPhotos({ ...photos, [i.orderItemId]: files })}
              />
            )}
          </Stack>
        ))}
        <Select
          label="Reason"
          placeholder="Why are they coming back?"
          data={returnReasons.map((r) => ({ value: r, label: label(r) }))}
          value={reason}
          onChange={setReason}
        />
        <Text size="xs" c="dimmed">
          Returns are accepted within 30 days of delivery (a defect at any time). Tires not needed carry a 15
          % restocking fee.
        </Text>
        <Textarea
          label="Note"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={1000}
        />
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        <Button
          onClick={submit}
          loading={isLoading || uploading.isLoading}
          disabled={!reason || !items.length}
        >
          Ask to return {items.reduce((s, i) => s + i.quantity, 0) || ''} tires
        </Button>
      </Stack>
    </Modal>
  );
}

function ClaimForm({ order, opened, onClose }: { order: OrderDetail; opened: boolean; onClose: () => void }) {
  const covered = order.orderItems.filter((i) => i.orderItemRoadHazard);
  const [item, setItem] = useState<string | null>(covered[0] ? String(covered[0].orderItemId) : null);
  const [damagedOn, setDamagedOn] = useState(new Date().toISOString().slice(0, 10));
  const [tread, setTread] = useState<number>(6);
  const [odometer, setOdometer] = useState<number>(0);
  const [description, setDescription] = useState('');
  const [installer, setInstaller] = useState<string | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const installers = useClaimInstallersQuery(undefined, { skip: !opened });
  const [file, { isLoading, error }] = useFileClaimMutation();
  const [addPhotos, uploading] = useAddClaimPhotosMutation();
  const submit = async () => {
    const res = await toastOutcome(
      file({
        orderItemId: Number(item),
        damagedOn,
        remainingTread32: tread,
        odometerMiles: odometer,
        description,
        installerCompanyId: installer ? Number(installer) : null,
      }),
      { success: (claim) => `Claim filed: ${money(claim.coveredCents)} covered`, failure: null },
    );
    if (res.ok) {
      if (photos.length)
        await toastOutcome(addPhotos({ id: res.data.claimId, files: photos }), photosRefused('The claim'));
      setPhotos([]);
      onClose();
    }
  };
  // One choice per installer company (the claim names the company that does the work).
  const installerChoices = [
    ...new Map(
      (installers.data ?? []).map((l) => [
        String(l.companyId),
        {
          value: String(l.companyId),
          label: `${l.companyName}, ${l.city} ${l.state}${l.miles !== null ? ` (${l.miles} mi)` : ''}`,
        },
      ]),
    ).values(),
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="File a road hazard claim">
      <Stack>
        <Select
          label="Tire"
          data={covered.map((i) => ({
            value: String(i.orderItemId),
            label: `${i.makeName} ${i.modelName} ${i.size}`,
          }))}
          value={item}
          onChange={setItem}
        />
        <TextInput
          type="date"
          label="Date of damage"
          value={damagedOn}
          onChange={(e) => setDamagedOn(e.currentTarget.value)}
        />
        <NumberInput
          label="Remaining tread (32nds of an inch)"
          min={0}
          max={32}
          value={tread}
          onChange={(v) => setTread(Number(v) || 0)}
        />
        <NumberInput
          label="Odometer (miles)"
          min={0}
          value={odometer}
          onChange={(v) => setOdometer(Number(v) || 0)}
        />
        <Textarea
          label="What happened"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Select
          label="Installer who inspects and repairs or replaces the tire"
          placeholder={installers.isLoading ? 'Loading installers…' : 'Choose an installer'}
          data={installerChoices}
          value={installer}
          onChange={setInstaller}
          searchable
          clearable
          nothingFoundMessage="No installer near you"
        />
        <PhotoPicker label="Photos of the damage (optional)" value={photos} onChange={setPhotos} />
        <Text size="xs" c="dimmed">
          The plan pays the tire's price × (remaining tread − 2/32) ÷ (new tread − 2/32), for 36 months.
        </Text>
        {error && <Alert color="red">{errorMessage(error)}</Alert>}
        <Button onClick={submit} loading={isLoading || uploading.isLoading} disabled={!item}>
          File the claim
        </Button>
      </Stack>
    </Modal>
  );
}
