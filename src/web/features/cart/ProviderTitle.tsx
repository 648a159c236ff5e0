import '@mantine/core/styles/Badge.layer.css';
import { Badge, Group, Text } from '@mantine/core';

/** The title of a payment provider's dialog: whose page the buyer is on, and what kind it is. */
export function ProviderTitle({ provider, kind }: { provider: string; kind: string }) {
  return (
    <Group gap="xs">
      <Text fw={700}>{provider}</Text>
      <Badge variant="light" color="gray">
        {kind}
      </Badge>
    </Group>
  );
}
