import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import type { ServiceList } from '../../../contract/installer-services';
import { rimRangeLabel } from '../../../domain/installer-services';
import type { ApiFailure } from '../../api/api';
import { money } from '../../lib/format';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { pointerErrors } from '../../lib/zod-form';
import { useInstallerServicesQuery, useReplaceInstallerServicesMutation } from './installer.api';
import {
  formKeyOf,
  formValuesOf,
  newRow,
  type ServiceFormValues,
  validateServices,
  wireOf,
} from './installer-services-form';

/**
 * The installer's service price list on /installer: what the bay charges per tire, which buyers
 * see in the out-the-door price of tires delivered here. Loading, error and "none yet" states.
 */
export function InstallerServicesPanel() {
  const read = useInstallerServicesQuery({});
  if (read.isLoading) return <Loader aria-label="Loading the price list" />;
  if (read.isError)
    return (
      <Alert color="red" title="The price list could not be loaded">
        {(read.error as ApiFailure | undefined)?.message ?? 'Try again in a moment.'}
      </Alert>
    );
  const list = read.data ?? null;
  // A new form once the saved list comes back, so the fields show what was stored.
  return <InstallerServicesForm key={list?.updatedAt ?? 'none'} list={list} />;
}

const dollarsInput = {
  prefix: '$',
  decimalScale: 2,
  fixedDecimalScale: true,
  thousandSeparator: ',',
} as const;

const useServiceForm = (list: ServiceList | null) =>
  useForm<ServiceFormValues>({ initialValues: formValuesOf(list), validate: validateServices });

export function InstallerServicesForm({ list }: { list: ServiceList | null }) {
  const form = useServiceForm(list);
  const [save, { isLoading }] = useMutationWithToast(useReplaceInstallerServicesMutation());
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    // A refusal is shown beside the fields it names.
    const res = await save(wireOf(values), { success: 'Service prices published', failure: null });
    if (res.ok) return;
    form.setErrors(
      Object.fromEntries(Object.entries(pointerErrors(res.problem)).map(([k, v]) => [formKeyOf(k), v])),
    );
    setFailure(res.problem.message);
  });
  const { rows } = form.values;
  const rowError = (i: number) =>
    form.errors[`rows.${i}.fromInches`] ??
    form.errors[`rows.${i}.toInches`] ??
    form.errors[`rows.${i}.dollars`];
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={640}>
        <div>
          <Title order={2} size="h3">
            Service prices
          </Title>
          <Text c="dimmed" size="sm">
            What this bay charges per tire. Buyers see these in the out-the-door price of tires delivered
            here.
          </Text>
        </div>
        {!list && (
          <Alert color="blue" title="No price list published yet">
            Until you publish one, orders delivered here show no installer services.
          </Alert>
        )}
        {failure && <Alert color="red">{failure}</Alert>}
        <Paper withBorder p="sm">
          <Title order={3} size="h5" mb={4}>
            Mount and balance, by rim size
          </Title>
          <Text c="dimmed" size="xs" mb="xs">
            Whole inches, both ends included; a 17.5" rim counts as 17". Leave the first row's start and the
            last row's end empty.
          </Text>
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From (in.)</Table.Th>
                <Table.Th>To (in.)</Table.Th>
                <Table.Th>Per tire</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <RateRowFields key={row.key} form={form} index={i} error={rowError(i)} />
              ))}
            </Table.Tbody>
          </Table>
          {form.errors.rows && (
            <Text c="red" size="sm">
              {form.errors.rows}
            </Text>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            mt="xs"
            onClick={() => form.insertListItem('rows', newRow())}
            disabled={rows.length >= 20}
          >
            Add a rim range
          </Button>
        </Paper>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label="Valve stem or TPMS kit, per tire"
            {...dollarsInput}
            {...form.getInputProps('valveKit')}
          />
          <NumberInput
            label="Disposal of the old tire, per tire"
            {...dollarsInput}
            {...form.getInputProps('disposal')}
          />
        </SimpleGrid>
        <PerTire values={form.values} />
        <Group>
          <Button type="submit" loading={isLoading}>
            {list ? 'Save price list' : 'Publish price list'}
          </Button>
          {list && (
            <Text c="dimmed" size="xs">
              Last saved {new Date(list.updatedAt).toLocaleString('en-US')}
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

type Form = ReturnType<typeof useServiceForm>;

function RateRowFields({ form, index, error }: { form: Form; index: number; error?: ReactNode }) {
  const n = index + 1;
  const last = index === form.values.rows.length - 1;
  // The row's message is shown once, under the row, so the three narrow fields keep their width.
  const props = (field: string) => ({ ...form.getInputProps(`rows.${index}.${field}`), error: undefined });
  const invalid = (field: string) => Boolean(form.errors[`rows.${index}.${field}`]);
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <NumberInput
            aria-label={`Range ${n}: from inches`}
            placeholder={index === 0 ? 'up to' : ''}
            allowDecimal={false}
            hideControls
            {...props('fromInches')}
            error={invalid('fromInches')}
          />
        </Table.Td>
        <Table.Td>
          <NumberInput
            aria-label={`Range ${n}: to inches`}
            placeholder={last ? 'and up' : ''}
            allowDecimal={false}
            hideControls
            {...props('toInches')}
            error={invalid('toInches')}
          />
        </Table.Td>
        <Table.Td>
          <NumberInput
            aria-label={`Range ${n}: mount and balance per tire`}
            {...dollarsInput}
            hideControls
            {...props('dollars')}
            error={invalid('dollars')}
          />
        </Table.Td>
        <Table.Td w={36}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove range ${n}`}
            onClick={() => form.removeListItem('rows', index)}
            disabled={form.values.rows.length <= 1}
          >
            ×
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
      {error && (
        <Table.Tr>
          <Table.Td colSpan={4} pt={0}>
            <Text c="red" size="xs" role="alert">
              {error}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** What a tire of each range comes to with every service, once the form is sound. */
function PerTire({ values }: { values: ServiceFormValues }) {
  if (Object.keys(validateServices(values)).length) return null;
  const wire = wireOf(values);
  const extra = wire.valveKitCents + wire.disposalCents;
  return (
    <Text size="sm" aria-label="Per tire with every service">
      Per tire with every service:{' '}
      {[...wire.mountBalance]
        .sort((a, b) => (a.fromInches ?? -1) - (b.fromInches ?? -1))
        .map((r) => `${rimRangeLabel(r)} ${money(r.mountBalanceCents + extra)}`)
        .join(' · ')}
    </Text>
  );
}
