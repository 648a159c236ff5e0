import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type FinanceTask, financeTaskStatuses } from '../../../contract/finance-tasks';
import { StatusListPage, useStatusListFilters } from '../../components/StatusListPage';
import { dateTime, money } from '../../lib/format';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useCloseFinanceTaskMutation, useFinanceTasksQuery } from './finance-tasks.api';

type TaskStatus = (typeof financeTaskStatuses)[number];

/** Finance's queue of what no one asked for: card disputes on orders, open first; closed once answered. */
export function FinanceTasksPage() {
  const list = useStatusListFilters<TaskStatus>({ initial: 'open' });
  const answer = useFinanceTasksQuery(list.query);
  return (
    <StatusListPage
      title="Disputes and finance tasks"
      noun="finance tasks"
      statuses={financeTaskStatuses}
      filter="tabs"
      byOrder
      controls={list.controls}
      answer={answer}
      unreadable="The finance tasks cannot be read right now."
      rows={{
        as: 'table',
        head: ['Order', 'Customer', 'Amount', 'Reason', 'Opened', ''],
        minWidth: 880,
        rowKey: (t) => t.taskId,
        cells: (t) => <TaskCells t={t} />,
      }}
    />
  );
}

function TaskCells({ t }: { t: FinanceTask }) {
  const [close, { isLoading }] = useMutationWithToast(useCloseFinanceTaskMutation());
  return (
    <>
      <Table.Td>
        <Anchor component={Link} to={`/admin/orders/${t.orderId}`} style={{ whiteSpace: 'nowrap' }}>
          {t.orderNumber ?? `#${t.orderId}`}
        </Anchor>
      </Table.Td>
      <Table.Td>{t.companyName}</Table.Td>
      <Table.Td>{money(t.amountCents)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color="red" mb={4}>
          {t.kind}
        </Badge>
        <Text size="sm">{t.note}</Text>
        <Text size="xs" c="dimmed">
          {t.reference}
        </Text>
      </Table.Td>
      <Table.Td>{dateTime(t.createdAt)}</Table.Td>
      <Table.Td>
        {t.closedAt ? (
          <Text size="sm" c="dimmed">
            closed {dateTime(t.closedAt)}
          </Text>
        ) : (
          <Button
            size="xs"
            variant="light"
            loading={isLoading}
            onClick={() => close(t.taskId, { success: `Task on ${t.orderNumber ?? t.orderId} closed` })}
          >
            Close
          </Button>
        )}
      </Table.Td>
    </>
  );
}
