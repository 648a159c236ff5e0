import { Alert, Text } from '@mantine/core';
import { approvalReasonText, reasonsForApproval } from '../../../domain/approval-status';
import { money } from '../../lib/format';
import { useMySpendingQuery } from './approvals.api';

/**
 * Checkout's word on the buyer's limits and the location's budget: what is left, and that this
 * order will wait for approval when it passes one (the server decides again at checkout).
 */
export function CheckoutSpending({ totalCents }: { totalCents: number }) {
  const { data } = useMySpendingQuery();
  if (!data) return null;
  const { budget } = data;
  const reasons = reasonsForApproval(totalCents, {
    perOrderCents: data.perOrderCents,
    perMonthCents: data.perMonthCents,
    buyerMonthCents: data.monthCents,
    budgetCents: budget?.monthlyCents ?? null,
    locationMonthCents: budget ? budget.spentCents + budget.awaitingCents : 0,
  });
  const lines = [
    data.perOrderCents !== null && `Your limit per order: ${money(data.perOrderCents)}.`,
    data.perMonthCents !== null &&
      `Your monthly limit: ${money(data.perMonthCents)}, ${money(data.monthCents)} placed this month.`,
    budget?.monthlyCents != null &&
      `${budget.name}'s budget: ${money(budget.monthlyCents - budget.spentCents - budget.awaitingCents)} left of ${money(budget.monthlyCents)} (${money(budget.awaitingCents)} awaiting approval).`,
  ].filter(Boolean);
  if (!lines.length) return null;
  return (
    <Alert
      color={reasons.length ? 'grape' : 'gray'}
      variant="light"
      title={reasons.length ? 'This order will wait for approval' : 'Spending limits'}
      aria-label="Spending limits"
    >
      {lines.map((l) => (
        <Text size="sm" key={String(l)}>
          {l}
        </Text>
      ))}
      {reasons.length > 0 && (
        <Text size="sm" mt={4}>
          It is {reasons.map((r) => approvalReasonText[r]).join(' and ')}: its tires are held for{' '}
          {data.approvalHoldHours} hours and nothing is charged until a company approver approves it. Pay on
          account or by card.
        </Text>
      )}
    </Alert>
  );
}
