import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import type { WarehouseSchedule } from '../../../contract/delivery';
import { calendarDay } from '../../lib/format';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { pointerErrors } from '../../lib/zod-form';
import { useShipSchedulesQuery, useUpdateShipScheduleMutation } from './delivery.api';

interface Values {
  timeZone: string;
  cutoff: string;
  handlingDays: number | string;
  /** Each row with a key of its own, so that removing one keeps the others' fields. */
  holidays: { key: string; day: string; name: string }[];
}

const valuesOf = (s: WarehouseSchedule): Values => ({
  timeZone: s.timeZone,
  cutoff: s.cutoff,
  handlingDays: s.handlingDays,
  holidays: s.holidays.map((h) => ({ key: h.day, day: h.day, name: h.name })),
});

/** The zones this browser knows, US ones first: what the time zone field offers. */
function zoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  const us = all.filter((z) => z.startsWith('America/') || z.startsWith('Pacific/Honolulu'));
  return [...new Set([...us, ...all, 'UTC'])];
}

/**
 * When one of the supplier's warehouses ships: orders confirmed before the cut-off (a time of day
 * in the warehouse's time zone) ship that business day, after the handling days; weekends and the
 * holidays listed do not ship. What it sets moves every "arrives by" from that warehouse.
 */
export function ShipScheduleCard({ warehouseId }: { warehouseId: number }) {
  const { data, isLoading, error } = useShipSchedulesQuery();
  const schedule = data?.find((s) => s.warehouseId === warehouseId);
  const [save, { isLoading: saving }] = useMutationWithToast(useUpdateShipScheduleMutation());
  const zones = useMemo(zoneChoices, []);
  const form = useForm<Values>({
    initialValues: { timeZone: '', cutoff: '14:00', handlingDays: 0, holidays: [] },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another warehouse or a saved answer arrives
  useEffect(() => {
    if (schedule) {
      form.setValues(valuesOf(schedule));
      form.resetDirty(valuesOf(schedule));
    }
  }, [schedule]);
  if (isLoading) return <Loader aria-label="Loading shipping days" />;
  if (error || !schedule) return <Alert color="red">The shipping days could not be loaded.</Alert>;
  const submit = form.onSubmit(async (v) => {
    form.clearErrors();
    const outcome = await save(
      {
        id: warehouseId,
        timeZone: v.timeZone.trim(),
        cutoff: v.cutoff,
        handlingDays: typeof v.handlingDays === 'number' ? v.handlingDays : Number(v.handlingDays),
        holidays: v.holidays.map((h) => ({ day: h.day, name: h.name.trim() })),
      },
      { success: 'Shipping days saved', failure: null },
    );
    if (!outcome.ok) form.setErrors(pointerErrors(outcome.problem));
  });
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate aria-label="Shipping days">
        <Stack>
          <div>
            <Title order={2} size="h4">
              Shipping days
            </Title>
            <Text size="sm" c="dimmed">
              Orders confirmed before the cut-off ship that business day, after the handling days. Weekends
              and the holidays below do not ship.
              {!schedule.custom && ' This warehouse keeps the default until you save.'}
            </Text>
            <Text size="sm" mt={4} data-testid="ships-today">
              An order confirmed now ships on <b>{calendarDay(schedule.shipsToday)}</b>.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Autocomplete
              label="Time zone"
              description="Where the cut-off and holidays are kept"
              data={zones}
              limit={30}
              required
              {...form.getInputProps('timeZone')}
            />
            <TextInput
              label="Cut-off"
              description="Local time, HH:MM (24 h)"
              placeholder="14:00"
              required
              {...form.getInputProps('cutoff')}
            />
            <NumberInput
              label="Handling days"
              description="Business days before it ships"
              min={0}
              max={30}
              allowDecimal={false}
              {...form.getInputProps('handlingDays')}
            />
          </SimpleGrid>
          <div>
            <Text fw={500} size="sm">
              Holidays
            </Text>
            {form.errors.holidays && (
              <Text size="xs" c="red">
                {form.errors.holidays}
              </Text>
            )}
            <Stack gap="xs" mt={4}>
              {form.values.holidays.length === 0 && (
                <Text size="sm" c="dimmed">
                  No holidays: the warehouse ships every weekday.
                </Text>
              )}
              {form.values.holidays.map((h, i) => (
                <Group key={h.key} gap="xs" align="flex-start">
                  <TextInput
                    type="date"
                    aria-label={`Holiday ${i + 1} day`}
                    w={170}
                    {...form.getInputProps(`holidays.${i}.day`)}
                    error={form.errors[`holidays.${i}.day`]}
                  />
                  <TextInput
                    aria-label={`Holiday ${i + 1} name`}
                    placeholder="Name (optional)"
                    style={{ flex: '1 1 180px', minWidth: 0 }}
                    {...form.getInputProps(`holidays.${i}.name`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove holiday ${i + 1}`}
                    onClick={() => form.removeListItem('holidays', i)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
            <Button
              variant="light"
              size="xs"
              mt="xs"
              onClick={() => form.insertListItem('holidays', { key: `new-${Date.now()}`, day: '', name: '' })}
            >
              Add a holiday
            </Button>
          </div>
          <Group>
            <Button type="submit" loading={saving}>
              Save shipping days
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
