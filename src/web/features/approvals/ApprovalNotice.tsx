import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { dateTime } from '../../lib/format';
import { useApprovalsQuery } from './approvals.api';
import { approvalColor, decisionText, reasonsText } from './approval-words';

/** Where an order's approval stands, on its page: waiting (until when), approved or rejected. */
export function ApprovalNotice({ orderId }: { orderId: number }) {
  const { data } = useApprovalsQuery({ orderId });
  const a = data?.[0];
  if (!a) return null;
  const title = {
    pending: 'Waiting for approval',
    approved: 'Approved',
    rejected: 'Rejected',
    expired: 'Not approved in time',
  }[a.status];
  return (
    <Alert color={approvalColor[a.status]} title={title} mt="md" data-testid="approval-notice">
      <Text size="sm">The order is {reasonsText(a.reasons)}.</Text>
      {a.status === 'pending' && (
        <Text size="sm">
          Its tires are held and nothing is charged until a company approver decides, by{' '}
          {dateTime(a.expiresAt)}.{' '}
          {a.canDecide && (
            <Anchor component={Link} to="/approvals">
              Decide it under Approvals
            </Anchor>
          )}
        </Text>
      )}
      {a.decidedBy && <Text size="sm">{decisionText(a)}</Text>}
      {a.status === 'expired' && <Text size="sm">Its tires were released and nothing was charged.</Text>}
    </Alert>
  );
}
