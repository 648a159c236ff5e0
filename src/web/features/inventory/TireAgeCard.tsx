import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import { Alert, Button, Card, Group, Loader, NumberInput, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MAX_SALE_AGE_MONTHS, madeSinceYear } from '../../../domain/tire-age';
import { errorMessage } from '../../api/client';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useTireAgeQuery, useUpdateTireAgeMutation } from './inventory.api';

/**
 * The account page's maximum tire age of the company (docs/domain.md, "Tire age"): the company
 * admin sets it in months, everyone else reads what checkout will hold them to.
 */
export function TireAgeCard({ canEdit }: { canEdit: boolean }) {
  const setting = useTireAgeQuery();
  const [save, saving] = useMutationWithToast(useUpdateTireAgeMutation());
  const [months, setMonths] = useState<number | string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const current = setting.data?.maxAgeMonths ?? null;
  useEffect(() => {
    if (setting.data) setMonths(setting.data.maxAgeMonths ?? '');
  }, [setting.data]);
  const send = async (maxAgeMonths: number | null) => {
    setProblem(null);
    const outcome = await save(
      { maxAgeMonths },
      {
        success: (r) =>
          r.maxAgeMonths === null
            ? 'Tires of any age the shop sells may be sent'
            : `Only tires made within ${r.maxAgeMonths} months are sent`,
        failure: null,
      },
    );
    if (!outcome.ok)
      setProblem(
        outcome.problem.errors?.find((e) => e.pointer === '/body/maxAgeMonths')?.detail ??
          outcome.problem.message,
      );
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Tire age
      </Title>
      {setting.isLoading && <Loader size="sm" aria-label="Loading the tire age" />}
      {setting.error && <Alert color="red">{errorMessage(setting.error)}</Alert>}
      {setting.data && (
        <Text size="sm">
          {current === null
            ? `Any age the shop sells: never older than ${MAX_SALE_AGE_MONTHS / 12} years, oldest DOT code first.`
            : `Only tires made within ${current} months (made ${madeSinceYear(current, new Date())} or newer), oldest DOT code first; tires of unknown age are not sent.`}
        </Text>
      )}
      {!canEdit && setting.data && (
        <Text size="sm" c="dimmed" mt="xs">
          Set by your company admin.
        </Text>
      )}
      {canEdit && setting.data && (
        <Group align="flex-start" mt="md" gap="sm">
          <NumberInput
            label="Maximum tire age"
            description="Months since the week of the tire's DOT code"
            suffix=" months"
            allowDecimal={false}
            value={months}
            onChange={setMonths}
            error={problem}
            w={{ base: '100%', sm: 320 }}
          />
          <Group gap="xs" mt={{ base: 0, sm: 44 }}>
            <Button
              variant="light"
              loading={saving.isLoading}
              disabled={months === '' || Number(months) === current}
              onClick={() => send(Number(months))}
            >
              Save
            </Button>
            {current !== null && (
              <Button variant="subtle" disabled={saving.isLoading} onClick={() => send(null)}>
                Any age
              </Button>
            )}
          </Group>
        </Group>
      )}
    </Card>
  );
}
