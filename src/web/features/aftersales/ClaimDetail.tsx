import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import { Button, Card, Group, NumberInput, Select, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { money, percent } from '../../lib/format';
import { AfterSalesStatus, actionLabel, label, PhotoStrip } from './AfterSalesBits';
import { type ClaimView, useActOnClaimMutation, useGetClaimQuery } from './aftersales.api';
import { Frame, OrderOf, WithLog } from './AfterSalesFrame';
import { toastOutcome } from '../../lib/use-mutation-with-toast';

export function ClaimDetail({ id, back }: { id: number; back: ReactNode }) {
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
              toastOutcome(
                act({
                  id: c.claimId,
                  action: a,
                  ...(a === 'approve' && {
                    settlement: settlement as 'credit' | 'replacement',
                    labourCents: labour,
                  }),
                }),
                { success: `Claim: ${a}` },
              )
            }
          >
            {a === 'pay'
              ? `Pay ${money(c.coveredCents)}${c.settlement === 'credit' ? ' and its sales tax' : ''}`
              : actionLabel(a)}
          </Button>
        ))}
      </Group>
    </Card>
  );
}
