import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { LocationBudget, SpendingLimit } from '../../../contract/approvals';
import { errorMessage } from '../../api/client';
import { money } from '../../lib/format';
import { usePhone } from '../../lib/media-query';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import {
  useLocationBudgetsQuery,
  useMySpendingQuery,
  useSetLocationBudgetMutation,
  useSetSpendingLimitMutation,
  useSpendingLimitsQuery,
} from './approvals.api';
import { centsOf, dollarsOf, limitText } from './approval-words';

/** A dollar amount that may be left empty (no limit). */
function Dollars(props: { label: string; value: number | string; onChange: (v: number | string) => void }) {
  return (
    <NumberInput
      label={props.label}
      placeholder="No limit"
      prefix="$"
      min={0}
      decimalScale={2}
      thousandSeparator=","
      value={props.value}
      onChange={props.onChange}
      w={{ base: '100%', sm: 150 }}
    />
  );
}

/** One buyer's limits, saved on their own. */
function LimitRow({ limit }: { limit: SpendingLimit }) {
  const [perOrder, setPerOrder] = useState<number | string>(dollarsOf(limit.perOrderCents));
  const [perMonth, setPerMonth] = useState<number | string>(dollarsOf(limit.perMonthCents));
  const [approver, setApprover] = useState(limit.approver);
  const [save, saving] = useMutationWithToast(useSetSpendingLimitMutation());
  const admin = limit.role === 'company_admin';
  return (
    <Paper withBorder p="sm" aria-label={`Limits of ${limit.name}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={0} miw={160}>
          <Text fw={600}>{limit.name}</Text>
          <Text size="sm" c="dimmed">
            {limit.username} · {admin ? 'company admin' : 'buyer'} · {money(limit.monthCents)} this month
          </Text>
        </Stack>
        <Dollars label="Per order" value={perOrder} onChange={setPerOrder} />
        <Dollars label="Per month" value={perMonth} onChange={setPerMonth} />
        <Checkbox
          label={admin ? 'Approves (admin)' : 'Approves orders'}
          checked={admin || approver}
          disabled={admin}
          onChange={(e) => setApprover(e.currentTarget.checked)}
        />
        <Button
          variant="light"
          loading={saving.isLoading}
          onClick={() =>
            save(
              {
                userId: limit.userId,
                perOrderCents: centsOf(perOrder),
                perMonthCents: centsOf(perMonth),
                approver,
              },
              { success: `Limits of ${limit.name} saved` },
            )
          }
        >
          Save
        </Button>
      </Group>
    </Paper>
  );
}

/** One location's monthly budget with what it spent and what awaits approval. */
function BudgetRow({ budget, canEdit }: { budget: LocationBudget; canEdit: boolean }) {
  const [amount, setAmount] = useState<number | string>(dollarsOf(budget.monthlyCents));
  const [save, saving] = useMutationWithToast(useSetLocationBudgetMutation());
  const left =
    budget.monthlyCents === null ? null : budget.monthlyCents - budget.spentCents - budget.awaitingCents;
  return (
    <Paper withBorder p="sm" aria-label={`Budget of ${budget.name}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={0} miw={160}>
          <Text fw={600}>{budget.name}</Text>
          <Text size="sm">
            Spent {money(budget.spentCents)} · awaiting approval {money(budget.awaitingCents)}
          </Text>
          <Text size="sm" c={left !== null && left < 0 ? 'red' : 'dimmed'}>
            {left === null
              ? 'No monthly budget'
              : `${money(left)} left of ${money(budget.monthlyCents)} this month`}
          </Text>
        </Stack>
        {canEdit && (
          <Group align="flex-end" gap="sm">
            <Dollars label="Monthly budget" value={amount} onChange={setAmount} />
            <Button
              variant="light"
              loading={saving.isLoading}
              onClick={() =>
                save(
                  { locationId: budget.locationId, monthlyCents: centsOf(amount) },
                  { success: `Budget of ${budget.name} saved` },
                )
              }
            >
              Save
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function Budgets({ canEdit }: { canEdit: boolean }) {
  const budgets = useLocationBudgetsQuery();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Monthly budgets
      </Title>
      {budgets.isLoading && <Loader size="sm" aria-label="Loading the budgets" />}
      {budgets.error && <Alert color="red">{errorMessage(budgets.error)}</Alert>}
      {budgets.data?.length === 0 && <Text size="sm">No locations.</Text>}
      {budgets.data?.map((b) => (
        <BudgetRow key={`${b.locationId}:${b.monthlyCents}`} budget={b} canEdit={canEdit} />
      ))}
      <Text size="xs" c="dimmed">
        An order that would take a location past its budget waits for approval, whoever places it. Months are
        calendar months (UTC).
      </Text>
    </Stack>
  );
}

/** A buyer's own limits, read only. */
function MyLimits() {
  const mine = useMySpendingQuery();
  const phone = usePhone();
  if (mine.isLoading) return <Loader size="sm" aria-label="Loading your limits" />;
  if (mine.error) return <Alert color="red">{errorMessage(mine.error)}</Alert>;
  const m = mine.data;
  if (!m) return null;
  return (
    <Table variant="vertical" layout={phone ? 'auto' : 'fixed'} aria-label="Your spending limits">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th>Per order</Table.Th>
          <Table.Td>{limitText(m.perOrderCents)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Per month</Table.Th>
          <Table.Td>
            {limitText(m.perMonthCents)} ({money(m.monthCents)} placed this month)
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * The account page's spending section (docs/fleet.md, "Approvals"): a company admin sets each
 * buyer's limits and approvers and each location's budget; a buyer reads their own limits and
 * their locations' budgets.
 */
export function SpendingCard({ canEdit }: { canEdit: boolean }) {
  const limits = useSpendingLimitsQuery(undefined, { skip: !canEdit });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Spending limits and budgets
      </Title>
      <Stack gap="md">
        {canEdit ? (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Buyers
            </Title>
            {limits.isLoading && <Loader size="sm" aria-label="Loading the limits" />}
            {limits.error && <Alert color="red">{errorMessage(limits.error)}</Alert>}
            {limits.data?.map((l) => (
              <LimitRow key={`${l.userId}:${l.perOrderCents}:${l.perMonthCents}:${l.approver}`} limit={l} />
            ))}
            <Text size="xs" c="dimmed">
              An order over a buyer's limit waits for a company admin or an approver. Leave a limit empty for
              none.
            </Text>
          </Stack>
        ) : (
          <MyLimits />
        )}
        <Budgets canEdit={canEdit} />
      </Stack>
    </Card>
  );
}
