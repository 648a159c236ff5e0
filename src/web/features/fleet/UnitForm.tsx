import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Unit, UnitInput } from '../../../contract/fleet';
import { useAppSelector } from '../../lib/store-hooks';
import { pointerErrors } from '../../lib/zod-form';
import type { ApiProblem } from '../../api/client';
import { useFleetMakesQuery, useFleetModelsQuery, useFleetOptionsQuery } from './fleet.api';

interface Values {
  locationId: string;
  unitNumber: string;
  vin: string;
  year: string;
  make: string;
  model: string;
  option: string;
  route: string;
  depot: string;
}

const thisYear = new Date().getFullYear();
const years = Array.from({ length: thisYear + 1 - 1959 + 1 }, (_, i) => String(thisYear + 1 - i));

/**
 * A unit's fields: its location (one of the user's), number and VIN, the vehicle chosen down the
 * vehicle data's chain (year → make → model → option, so its OE sizes are known), and its tags.
 * The server's pointers land on the fields.
 */
export function UnitForm({
  unit,
  onSubmit,
  busy,
}: {
  unit?: Unit;
  onSubmit: (input: UnitInput) => Promise<{ ok: true } | { ok: false; problem: ApiProblem }>;
  busy: boolean;
}) {
  const { locations, location } = useAppSelector((s) => s.session);
  const form = useForm<Values>({
    initialValues: {
      locationId: String(unit?.locationId ?? location?.locationId ?? ''),
      unitNumber: unit?.unitNumber ?? '',
      vin: unit?.vin ?? '',
      year: unit ? String(unit.year) : '',
      make: unit?.make ?? '',
      model: unit?.model ?? '',
      option: unit?.option ?? '',
      route: unit?.route ?? '',
      depot: unit?.depot ?? '',
    },
  });
  const v = form.values;
  const year = Number(v.year);
  const makes = useFleetMakesQuery(year, { skip: !year });
  const models = useFleetModelsQuery({ year, make: v.make }, { skip: !year || !v.make });
  const options = useFleetOptionsQuery({ year, make: v.make, model: v.model }, { skip: !v.model });
  const values = (list?: { value: string }[]) => (list ?? []).map((c) => c.value);

  const submit = form.onSubmit(async (values) => {
    const outcome = await onSubmit({
      locationId: Number(values.locationId) || undefined,
      unitNumber: values.unitNumber,
      vin: values.vin,
      year: Number(values.year),
      make: values.make,
      model: values.model,
      option: values.option,
      route: values.route,
      depot: values.depot,
    });
    if (!outcome.ok) form.setErrors(pointerErrors(outcome.problem));
  });
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Select
          label="Location"
          data={locations.map((l) => ({ value: String(l.locationId), label: l.locationName }))}
          allowDeselect={false}
          {...form.getInputProps('locationId')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Unit number" required maxLength={40} {...form.getInputProps('unitNumber')} />
          <TextInput
            label="VIN"
            description="Optional, 17 characters"
            maxLength={17}
            {...form.getInputProps('vin')}
          />
          <Select
            label="Year"
            searchable
            data={years}
            {...form.getInputProps('year')}
            onChange={(y) => form.setValues({ year: y ?? '', make: '', model: '', option: '' })}
          />
          <Select
            label="Make"
            searchable
            disabled={!v.year}
            data={values(makes.data)}
            {...form.getInputProps('make')}
            onChange={(m) => form.setValues({ make: m ?? '', model: '', option: '' })}
          />
          <Select
            label="Model"
            searchable
            disabled={!v.make}
            data={values(models.data)}
            {...form.getInputProps('model')}
            onChange={(m) => form.setValues({ model: m ?? '', option: '' })}
          />
          <Select
            label="Option"
            searchable
            disabled={!v.model}
            data={values(options.data)}
            {...form.getInputProps('option')}
          />
          <TextInput
            label="Route"
            description="Optional tag"
            maxLength={60}
            {...form.getInputProps('route')}
          />
          <TextInput
            label="Depot"
            description="Optional tag"
            maxLength={60}
            {...form.getInputProps('depot')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!v.option || !v.unitNumber.trim()}>
            {unit ? 'Save unit' : 'Add unit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
