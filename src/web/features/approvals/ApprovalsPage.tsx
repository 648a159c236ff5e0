import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Approval } from '../../../contract/approvals';
import { errorMessage } from '../../api/client';
import { dateTime, money } from '../../lib/format';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';
import { useApprovalsQuery, useApproveOrderMutation, useRejectOrderMutation } from './approvals.api';
import { approvalColor, decisionText, reasonsText } from './approval-words';

type Filter = Approval['status'] | 'all';
type Deciding = { approval: Approval; decision: 'approve' | 'reject' } | null;

/** Approve or reject, with a comment (required to reject). */
function DecisionModal({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const [comment, setComment] = useState('');
  const [approve, approving] = useMutationWithToast(useApproveOrderMutation());
  const [reject, rejecting] = useMutationWithToast(useRejectOrderMutation());
  const a = deciding?.approval;
  const rejecting_ = deciding?.decision === 'reject';
  const close = () => {
    setComment('');
    onClose();
  };
  const submit = async () => {
    if (!a) return;
    const args = { orderId: a.orderId, comment };
    const number = a.orderNumber ?? `#${a.orderId}`;
    const done = rejecting_
      ? await reject(args, { success: `Order ${number} rejected: its tires are released` })
      : await approve(args, { success: `Order ${number} approved: it is charged and placed` });
    if (done.ok) close();
  };
  return (
    <Modal
      opened={Boolean(deciding)}
      onClose={close}
      title={a ? `${rejecting_ ? 'Reject' : 'Approve'} order ${a.orderNumber ?? a.orderId}` : ''}
    >
      {a && (
        <Stack gap="sm">
          <Text size="sm">
            {money(a.totalCents)} by {a.requestedBy.name}, {reasonsText(a.reasons)}.
          </Text>
          <Textarea
            label="Comment"
            description={rejecting_ ? 'Required: the buyer reads it.' : 'Optional: the buyer reads it.'}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color={rejecting_ ? 'red' : 'green'}
              loading={approving.isLoading || rejecting.isLoading}
              disabled={rejecting_ && !comment.trim()}
              onClick={submit}
            >
              {rejecting_ ? 'Reject order' : 'Approve order'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function ApprovalCard({ a, onDecide }: { a: Approval; onDecide: (d: Deciding) => void }) {
  return (
    <Card withBorder aria-label={`Approval of order ${a.orderNumber ?? a.orderId}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Anchor component={Link} to={`/orders/${a.orderId}`} fw={600}>
            {a.orderNumber ?? `Order ${a.orderId}`}
          </Anchor>
          <Badge color={approvalColor[a.status]} variant="light">
            {a.status}
          </Badge>
        </Group>
        <Text fw={600}>{money(a.totalCents)}</Text>
      </Group>
      <Text size="sm" mt={4}>
        {a.requestedBy.name} ({a.requestedBy.username}) · {a.locationName ?? a.companyName}
        {a.poNumber ? ` · PO ${a.poNumber}` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        Asked {dateTime(a.createdAt)}: {reasonsText(a.reasons)}
      </Text>
      {a.status === 'pending' && (
        <Text size="sm" c="dimmed">
          Tires held until {dateTime(a.expiresAt)}
        </Text>
      )}
      {a.decidedBy && (
        <Text size="sm" mt={4}>
          {decisionText(a)}
        </Text>
      )}
      {a.canDecide && (
        <Group mt="sm" gap="sm">
          <Button color="green" size="sm" onClick={() => onDecide({ approval: a, decision: 'approve' })}>
            Approve
          </Button>
          <Button
            color="red"
            variant="light"
            size="sm"
            onClick={() => onDecide({ approval: a, decision: 'reject' })}
          >
            Reject
          </Button>
        </Group>
      )}
    </Card>
  );
}

/**
 * The approval queue (docs/fleet.md, "Approvals"): an approver decides the company's orders over
 * a limit or budget; a buyer follows their own; staff read every company's.
 */
export function ApprovalsPage() {
  const [filter, setFilter] = useState<Filter>('pending');
  const [deciding, setDeciding] = useState<Deciding>(null);
  const list = useApprovalsQuery(filter === 'all' ? {} : { status: filter });
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Approvals
      </Title>
      {/* Five filters do not fit a phone's width: the row scrolls sideways there. */}
      <Box style={{ overflowX: 'auto' }}>
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          aria-label="Show approvals"
          data={[
            { value: 'pending', label: 'Waiting' },
            { value: 'approved', label: 'Approved' },
            { value: 'rejected', label: 'Rejected' },
            { value: 'expired', label: 'Expired' },
            { value: 'all', label: 'All' },
          ]}
          fullWidth
          miw={420}
        />
      </Box>
      {list.isLoading && <Loader aria-label="Loading approvals" />}
      {list.error && <Alert color="red">{errorMessage(list.error)}</Alert>}
      {list.data?.length === 0 && (
        <Text c="dimmed">
          {filter === 'pending' ? 'No order waits for approval.' : 'No approvals to show.'}
        </Text>
      )}
      {list.data?.map((a) => (
        <ApprovalCard key={a.id} a={a} onDecide={setDeciding} />
      ))}
      <DecisionModal deciding={deciding} onClose={() => setDeciding(null)} />
    </Stack>
  );
}
