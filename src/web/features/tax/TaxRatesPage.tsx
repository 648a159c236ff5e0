import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type * as tax from '../../../contract/tax';
import { money } from '../../lib/format';
import { ppmPercent, useStateRatesQuery, useTaxabilityQuery, useTireFeesQuery } from './tax.api';
import { type FormKind, TaxDataForm } from './TaxDataForm';

type Dated = {
  id: number;
  state: string;
  effectiveFrom: string;
  source: string;
  checkedOn: string | null;
  current: boolean;
};

const yes = (b: boolean) => (b ? 'taxed' : '—');

/** /admin/tax: the state base rates, what each state taxes and the tire fees, each with its source. */
export function TaxRatesPage() {
  const [history, setHistory] = useState(false);
  const [filter, setFilter] = useState('');
  const [adding, setAdding] = useState<{ kind: FormKind; from?: Dated } | null>(null);
  const rates = useStateRatesQuery({});
  const taxability = useTaxabilityQuery({});
  const fees = useTireFeesQuery({});
  const shown = <T extends Dated>(rows: T[] | undefined) =>
    (rows ?? []).filter((r) => (history || r.current) && r.state.includes(filter.trim().toUpperCase()));
  const add = (kind: FormKind) => (
    <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding({ kind })}>
      Add from a date
    </Button>
  );
  return (
    <Stack>
      <Title order={1} size="h2">
        Sales tax and tire fees
      </Title>
      <Text size="sm" c="dimmed">
        Every change is a new row from its date; the rows before it stay, and orders keep the rates they were
        taxed at. “Checked” is the day the figure was compared with its source.
      </Text>
      <Group>
        <TextInput
          placeholder="State (TX)"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={140}
        />
        <Switch
          label="Show earlier and later rows"
          checked={history}
          onChange={(e) => setHistory(e.currentTarget.checked)}
        />
      </Group>
      <Tabs defaultValue="rates" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="rates">State rates</Tabs.Tab>
          <Tabs.Tab value="taxability">Taxability</Tabs.Tab>
          <Tabs.Tab value="fees">Tire fees</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rates" pt="sm">
          <Sheet
            label="State base rates"
            action={add('rate')}
            head={['Rate']}
            rows={shown(rates.data)}
            loading={rates.isLoading}
            cells={(r: tax.StateRate) => [ppmPercent(r.ratePpm)]}
            onEdit={(r) => setAdding({ kind: 'rate', from: r })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="taxability" pt="sm">
          <Sheet
            label="Taxability by state"
            action={add('taxability')}
            head={['Shipping', 'Labour', 'Tire fee', 'FET', 'Road hazard']}
            rows={shown(taxability.data)}
            loading={taxability.isLoading}
            cells={(r: tax.Taxability) => [
              yes(r.shippingTaxable),
              yes(r.labourTaxable),
              yes(r.tireFeeTaxable),
              yes(r.fetTaxable),
              yes(r.roadHazardTaxable),
            ]}
            onEdit={(r) => setAdding({ kind: 'taxability', from: r })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="fees" pt="sm">
          <Sheet
            label="Tire fees"
            action={add('fee')}
            head={['Fee', 'Per tire', 'Kinds', 'Taxed']}
            rows={shown(fees.data)}
            loading={fees.isLoading}
            cells={(r: tax.TireFee) => [
              r.name,
              r.percentPpm
                ? `${ppmPercent(r.percentPpm)} of the price, at most ${money(r.amountCents)}`
                : money(r.amountCents),
              r.kinds.join(', ').replace(/_/g, ' '),
              r.taxable ? 'yes' : 'no',
            ]}
            onEdit={(r) => setAdding({ kind: 'fee', from: r })}
          />
        </Tabs.Panel>
      </Tabs>
      {adding && <TaxDataForm kind={adding.kind} from={adding.from} onClose={() => setAdding(null)} />}
    </Stack>
  );
}

function Sheet<T extends Dated>({
  label,
  action,
  head,
  rows,
  loading,
  cells,
  onEdit,
}: {
  label: string;
  action: ReactNode;
  head: string[];
  rows: T[];
  loading: boolean;
  cells: (row: T) => ReactNode[];
  onEdit: (row: T) => void;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm">{loading ? 'Loading…' : `${rows.length} row(s)`}</Text>
        {action}
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table fz="sm" striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>State</Table.Th>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
              <Table.Th>From</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Checked</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {r.state}
                    {!r.current && (
                      <Badge size="xs" variant="light" color="gray">
                        {r.effectiveFrom > new Date().toISOString() ? 'later' : 'earlier'}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                {cells(r).map((c, i) => (
                  <Table.Td key={head[i]}>{c}</Table.Td>
                ))}
                <Table.Td>{r.effectiveFrom}</Table.Td>
                <Table.Td maw={220}>
                  <Anchor href={r.source} target="_blank" rel="noreferrer" size="sm" lineClamp={1}>
                    {r.source.replace(/^https?:\/\/(www\.)?/, '')}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {r.checkedOn ?? (
                    <Text span size="sm" c="dimmed">
                      not re-checked
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" onClick={() => onEdit(r)}>
                    Change from a date
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
