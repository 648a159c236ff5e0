import '@mantine/core/styles/Table.layer.css';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { useState } from 'react';
import * as pricing from '../../../contract/pricing';
import { ConfirmButton } from '../../components/ConfirmButton';
import type { Option, Picker } from '../../components/EntityPicker';
import {
  FieldInput,
  type FieldSpec,
  type FormValues,
  toFormValue,
  toWireValue,
} from '../../components/FieldInput';
import { money } from '../../lib/format';
import { pointerErrors, zodValidate } from '../../lib/zod-form';
import {
  useCreateMarkupMutation,
  useDeleteMarkupMutation,
  usePreviewMarkupQuery,
  useUpdateMarkupMutation,
} from './pricing.api';

/** The makes and categories a rule may be narrowed to (the catalogue's records). */
export interface MarkupPickers {
  make: Picker;
  category: Picker;
}

const fieldsOf = (priceGroups: Option[], pickers: MarkupPickers): FieldSpec[] => [
  { name: 'priceGroupId', label: 'Price group', kind: 'select', options: priceGroups },
  {
    name: 'makeId',
    label: 'Make (empty = every make)',
    kind: 'picker',
    source: pickers.make,
    nullable: true,
  },
  {
    name: 'categoryId',
    label: 'Category (empty = every category)',
    kind: 'picker',
    source: pickers.category,
    nullable: true,
  },
  { name: 'minCostCents', label: 'Cost from', kind: 'money' },
  { name: 'maxCostCents', label: 'Cost below', kind: 'money' },
  { name: 'basisPoints', label: 'Markup on cost', kind: 'percent' },
  { name: 'fixedCents', label: 'Plus a fixed amount', kind: 'money' },
  { name: 'active', label: 'Active', kind: 'switch' },
];

/** The markup rule form: it previews the resulting prices per group before anything is saved. */
export function MarkupForm({
  row,
  close,
  priceGroups,
  pickers,
}: {
  row: pricing.MarkupRule | null;
  close: () => void;
  priceGroups: Option[];
  pickers: MarkupPickers;
}) {
  const fields = fieldsOf(priceGroups, pickers);
  const [create, creating] = useCreateMarkupMutation();
  const [update, updating] = useUpdateMarkupMutation();
  const [remove] = useDeleteMarkupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const wire = (values: FormValues): pricing.MarkupInput => {
    const body = Object.fromEntries(fields.map((f) => [f.name, toWireValue(f, values[f.name])]));
    // An empty scope means "any": sent as null so that an edit can widen a rule again.
    for (const k of ['makeId', 'categoryId', 'minCostCents', 'maxCostCents']) body[k] ??= null;
    // The fields are the rule's; the contract's schema checks them before anything is sent.
    return body as pricing.MarkupInput;
  };
  const form = useForm<FormValues>({
    initialValues: Object.fromEntries(
      fields.map((f) => [f.name, toFormValue(f, row?.[f.name as keyof pricing.MarkupRule])]),
    ),
    validate: (values) => zodValidate(pricing.MarkupInput)(wire(values)),
    validateInputOnBlur: true,
  });
  const [debounced] = useDebouncedValue(form.values, 400);

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    // A refusal is shown beside the fields it names.
    const res = await toastOutcome<unknown>(
      row ? update({ id: row.id, body: wire(values) }) : create(wire(values)),
      {
        success: 'Markup rule saved; prices updated',
        failure: null,
      },
    );
    if (res.ok) return close();
    form.setErrors(pointerErrors(res.problem));
    setFailure(res.problem.message);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && <Alert color="red">{failure}</Alert>}
        {fields.map((f) => (
          <FieldInput key={f.name} field={f} form={form} />
        ))}
        <Preview body={pricing.MarkupInput.safeParse(wire(debounced)).success ? wire(debounced) : null} />
        <Group justify="space-between">
          <Button type="submit" loading={creating.isLoading || updating.isLoading}>
            Save rule
          </Button>
          {row && (
            <ConfirmButton
              color="red"
              variant="light"
              title="Delete this markup rule?"
              message="Prices of the products it covers are recomputed at once."
              confirmLabel="Delete"
              onConfirm={async () => {
                await remove(row.id);
                close();
              }}
            >
              Delete
            </ConfirmButton>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function Preview({ body }: { body: pricing.MarkupInput | null }) {
  const preview = usePreviewMarkupQuery(body ?? skipToken);
  const rows = preview.data?.data;
  const state = preview.isFetching ? 'loading' : preview.isError ? 'error' : 'idle';
  return (
    <Stack gap="xs" aria-label="Price preview">
      <Title order={3} size="h5">
        Preview {state === 'loading' && <Loader size="xs" />}
      </Title>
      {state === 'error' && <Text c="red">The preview could not be computed.</Text>}
      {!body && (
        <Text c="dimmed" size="sm">
          Complete the rule to see the prices it gives.
        </Text>
      )}
      {body && rows?.length === 0 && (
        <Text c="dimmed" size="sm">
          No stocked product matches this rule yet.
        </Text>
      )}
      {body && !!rows?.length && (
        <Table withTableBorder fz="xs" data-testid="markup-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Cost</Table.Th>
              {rows[0].groups.map((g) => (
                <Table.Th key={g.priceGroupId}>{g.priceGroupName}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.productId}>
                <Table.Td>{`${r.makeName} ${r.size} (${r.skuCode})`}</Table.Td>
                <Table.Td>{money(r.costCents)}</Table.Td>
                {r.groups.map((g) => (
                  <Table.Td key={g.priceGroupId}>
                    {g.currentCents !== g.previewCents && (
                      <Text span td="line-through" c="dimmed" fz="xs">
                        {money(g.currentCents)}{' '}
                      </Text>
                    )}
                    <Text span fw={g.currentCents !== g.previewCents ? 700 : 400} fz="xs">
                      {money(g.previewCents)}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
