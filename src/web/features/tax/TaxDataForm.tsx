import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type * as tax from '../../../contract/tax';
import { tireKinds } from '../../../domain/tire-kind';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import {
  percentToPpm,
  useAddStateRateMutation,
  useAddTaxabilityMutation,
  useAddTireFeeMutation,
} from './tax.api';

export type FormKind = 'rate' | 'taxability' | 'fee';

const titles: Record<FormKind, string> = {
  rate: 'New state base rate',
  taxability: 'New taxability of a state',
  fee: 'New tire fee (or a new amount of one)',
};

const flags = [
  ['shippingTaxable', 'Shipping is taxed'],
  ['labourTaxable', 'Installer labour is taxed'],
  ['tireFeeTaxable', 'The state tire fee is taxed'],
  ['fetTaxable', 'The federal excise tax is taxed'],
  ['roadHazardTaxable', 'Road hazard cover is taxed'],
] as const;

type Values = {
  state: string;
  effectiveFrom: string;
  source: string;
  checkedOn: string;
  note: string;
  rate: string;
  name: string;
  amount: number | string;
  percent: string;
  kinds: string[];
  taxable: boolean;
} & Record<(typeof flags)[number][0], boolean>;

/** Adds a dated row: a rate, a state's taxability or a tire fee, prefilled from the row it follows. */
export function TaxDataForm({ kind, from, onClose }: { kind: FormKind; from?: object; onClose: () => void }) {
  const row = (from ?? {}) as Partial<tax.StateRate & tax.Taxability & tax.TireFee>;
  const form = useForm<Values>({
    initialValues: {
      state: row.state ?? '',
      effectiveFrom: new Date().toISOString().slice(0, 10),
      source: '',
      checkedOn: '',
      note: '',
      rate: row.ratePpm !== undefined ? String(row.ratePpm / 10_000) : '',
      name: row.name ?? '',
      amount: row.amountCents !== undefined ? row.amountCents / 100 : '',
      percent: row.percentPpm ? String(row.percentPpm / 10_000) : '',
      kinds: row.kinds ?? ['passenger', 'light_truck'],
      taxable: row.taxable ?? false,
      shippingTaxable: row.shippingTaxable ?? true,
      labourTaxable: row.labourTaxable ?? false,
      tireFeeTaxable: row.tireFeeTaxable ?? false,
      fetTaxable: row.fetTaxable ?? true,
      roadHazardTaxable: row.roadHazardTaxable ?? false,
    },
  });
  const [addRate] = useMutationWithToast(useAddStateRateMutation());
  const [addTaxability] = useMutationWithToast(useAddTaxabilityMutation());
  const [addFee] = useMutationWithToast(useAddTireFeeMutation());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    const dated = {
      state: v.state,
      effectiveFrom: v.effectiveFrom,
      source: v.source,
      checkedOn: v.checkedOn || null,
      note: v.note,
    };
    const words = { success: 'Added; the earlier rows stay as they were', failure: null };
    const rate = percentToPpm(v.rate);
    if (kind === 'rate' && rate === null) return form.setFieldError('rate', 'Enter a percent such as 6.25');
    setBusy(true);
    const outcome =
      kind === 'rate'
        ? await addRate({ ...dated, ratePpm: rate ?? 0 }, words)
        : kind === 'taxability'
          ? await addTaxability(
              { ...dated, ...Object.fromEntries(flags.map(([k]) => [k, v[k]])) } as tax.TaxabilityInput,
              words,
            )
          : await addFee(
              {
                ...dated,
                name: v.name,
                amountCents: Math.round(Number(v.amount) * 100),
                percentPpm: v.percent ? percentToPpm(v.percent) : null,
                kinds: v.kinds as tax.TireFeeInput['kinds'],
                taxable: v.taxable,
              },
              words,
            );
    setBusy(false);
    if (outcome.ok) return onClose();
    setProblem(outcome.problem.message);
    const field: Record<string, string> = { ratePpm: 'rate', amountCents: 'amount', percentPpm: 'percent' };
    for (const e of outcome.problem.errors ?? []) {
      const name = e.pointer.replace(/^\/body\//, '');
      form.setFieldError(field[name] ?? name, e.detail);
    }
  };

  return (
    <Modal opened onClose={onClose} title={titles[kind]} size="lg">
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group grow align="start">
            <TextInput
              label="State"
              placeholder="TX"
              maxLength={2}
              required
              {...form.getInputProps('state')}
            />
            <TextInput label="From" type="date" required {...form.getInputProps('effectiveFrom')} />
          </Group>
          {kind === 'rate' && (
            <TextInput label="Rate (%)" placeholder="6.25" required {...form.getInputProps('rate')} />
          )}
          {kind === 'taxability' &&
            flags.map(([key, label]) => (
              <Checkbox key={key} label={label} {...form.getInputProps(key, { type: 'checkbox' })} />
            ))}
          {kind === 'fee' && (
            <>
              <TextInput label="Fee name" required {...form.getInputProps('name')} />
              <Group grow align="start">
                <NumberInput
                  label="Per tire ($), or the most"
                  min={0}
                  decimalScale={2}
                  required
                  {...form.getInputProps('amount')}
                />
                <TextInput
                  label="Share of the price (%)"
                  placeholder="none"
                  {...form.getInputProps('percent')}
                />
              </Group>
              <MultiSelect
                label="Tire kinds"
                data={tireKinds.map((k) => ({ value: k, label: k.replace('_', ' ') }))}
                {...form.getInputProps('kinds')}
              />
              <Checkbox
                label="The fee itself is taxed"
                {...form.getInputProps('taxable', { type: 'checkbox' })}
              />
            </>
          )}
          <TextInput
            label="Source (the publisher’s address)"
            placeholder="https://…"
            required
            {...form.getInputProps('source')}
          />
          <Group grow align="start">
            <TextInput
              label="Checked against the source on"
              type="date"
              {...form.getInputProps('checkedOn')}
            />
            <TextInput label="Note" {...form.getInputProps('note')} />
          </Group>
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
