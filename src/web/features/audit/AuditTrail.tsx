import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import { Code, Loader, Stack, Text, Timeline } from '@mantine/core';
import { dateTime } from '../../lib/format';
import { useListAuditQuery } from './audit.api';

/** Who changed a record, when, and which fields moved from what to what. */
export function AuditTrail({ entity, entityId }: { entity: string; entityId: string | number }) {
  const { data, isLoading, error } = useListAuditQuery({
    entity,
    entityId: String(entityId),
    pageSize: 50,
    sort: '-at',
  });
  if (isLoading) return <Loader size="sm" aria-label="Loading history" />;
  if (error) return <Text c="red">The history could not be loaded.</Text>;
  const list = data?.data.list ?? [];
  if (!list.length) return <Text c="dimmed">No changes recorded yet.</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="History">
      {list.map((e) => (
        <Timeline.Item key={e.id} title={`${e.action} by ${e.actorUsername}`}>
          <Text size="xs" c="dimmed">
            {dateTime(e.at)}
          </Text>
          <Changes before={e.before} after={e.after} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

const hidden = new Set(['createdAt', 'updatedAt', 'passwordHash', 'tokenHash']);

function Changes({
  before,
  after,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const keys = Object.keys(after ?? before ?? {}).filter((k) => !hidden.has(k));
  const changed =
    before && after ? keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])) : [];
  if (!changed.length) return null;
  return (
    <Stack gap={2} mt={4}>
      {changed.map((k) => (
        <Text key={k} size="xs">
          {k}: <Code>{JSON.stringify(before?.[k])}</Code> → <Code>{JSON.stringify(after?.[k])}</Code>
        </Text>
      ))}
    </Stack>
  );
}
