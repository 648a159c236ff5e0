import { Badge, Group, Text, Timeline } from '@mantine/core';
import { dateTime } from '../../lib/format';

const colors: Record<string, string> = {
  requested: 'blue',
  open: 'blue',
  pending: 'yellow',
  draft: 'gray',
  under_review: 'yellow',
  approved: 'teal',
  label_issued: 'teal',
  in_transit: 'cyan',
  received: 'cyan',
  inspected: 'indigo',
  refunded: 'green',
  processed: 'green',
  paid: 'green',
  rejected: 'red',
  denied: 'red',
  failed: 'red',
  void: 'gray',
  closed: 'gray',
  cancelled: 'gray',
};

export const label = (s: string) => s.replace(/_/g, ' ');

export function AfterSalesStatus({ status }: { status: string }) {
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light">
      {label(status)}
    </Badge>
  );
}

export interface LogItem {
  userName: string | null;
  from: string | null;
  to: string | null;
  note: string | null;
  at: string;
}

/** The log of a return, claim or refund as a timeline: status changes and comments, oldest first. */
export function LogTimeline({ log }: { log: LogItem[] }) {
  if (!log.length) return <Text c="dimmed">Nothing happened yet.</Text>;
  return (
    <Timeline active={log.length - 1} bulletSize={14} lineWidth={2}>
      {log.map((l) => (
        <Timeline.Item
          key={`${l.at}-${l.to}-${l.note}`}
          title={l.to ? label(l.to) : 'Comment'}
          lineVariant={l.to ? 'solid' : 'dashed'}
        >
          {l.note && <Text size="sm">{l.note}</Text>}
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {dateTime(l.at)}
              {l.userName ? ` · ${l.userName}` : ''}
            </Text>
          </Group>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
