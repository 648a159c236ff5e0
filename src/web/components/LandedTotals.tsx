import '@mantine/core/styles/Table.layer.css';
import { Button, Collapse, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { TaxApplied } from '../../contract/order-shapes';
import type { Totals } from '../../domain/money';
import { money } from '../lib/format';

/** A rate in parts per million as people read it: 82 500 → "8.25 %". */
export const ratePercent = (ppm: number) => `${Number((ppm / 10_000).toFixed(4))} %`;

/** What the tax line says: the state and rate, or the certificate that exempts the order. */
export function taxLabel(tax: TaxApplied): string {
  if (tax.certificate) return `Tax (${tax.state} exempt: ${tax.certificate.kind} ${tax.certificate.number})`;
  if (!tax.state) return 'Tax';
  return `Tax (${tax.state} ${ratePercent(tax.ratePpm)})`;
}

/**
 * The parts of a landed total, in the order the invoice lists them. The excise tax, the state's
 * tire fee and installer services are listed when the order has them: a state without a tire fee
 * shows no "tire fee $0.00".
 */
export function totalsRows(t: Totals, tax: TaxApplied): [string, number][] {
  const rows: [string, number, boolean][] = [
    ['Subtotal', t.subtotalCents, true],
    ['Discounts', -t.discountCents, true],
    ['Road hazard', t.roadHazardCents, true],
    ['Shipping', t.shippingCents, true],
    ['Federal excise tax', t.fetCents, t.fetCents !== 0],
    [tax.state ? `${tax.state} tire fee` : 'State tire fee', t.tireFeeCents, t.tireFeeCents !== 0],
    ['Installer services', t.servicesCents, t.servicesCents !== 0],
    [taxLabel(tax), t.taxCents, true],
  ];
  return rows.filter(([, , listed]) => listed).map(([name, cents]) => [name, cents]);
}

function PartsTable({ t, tax, label }: { t: Totals; tax: TaxApplied; label: string }) {
  return (
    <Table aria-label={label}>
      <Table.Tbody>
        {totalsRows(t, tax).map(([name, cents]) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            <Table.Td ta="right">{money(cents)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * An order's or a cart's totals: every part of the landed cost and the total. Delivered to an
 * installer, one out-the-door total comes first, with its parts behind a toggle: what the buyer
 * pays to drive away on mounted tires.
 */
export function LandedTotals({
  totals,
  tax,
  installer,
  testId,
}: {
  totals: Totals;
  tax: TaxApplied;
  installer: boolean;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  if (installer) {
    return (
      <Stack gap="xs">
        <Table aria-label="Out-the-door total">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td fw={700}>Out-the-door total</Table.Td>
              <Table.Td ta="right" fw={700} data-testid={testId}>
                {money(totals.totalCents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Tires, fees, tax and the installer's mounting, balancing, valves and disposal.
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Hide the parts' : 'Show the parts'}
        </Button>
        <Collapse expanded={open}>
          <PartsTable t={totals} tax={tax} label="Totals" />
        </Collapse>
      </Stack>
    );
  }
  return (
    <Table aria-label="Totals">
      <Table.Tbody>
        {totalsRows(totals, tax).map(([name, cents]) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            <Table.Td ta="right">{money(cents)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td fw={700}>Total</Table.Td>
          <Table.Td ta="right" fw={700} data-testid={testId}>
            {money(totals.totalCents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
