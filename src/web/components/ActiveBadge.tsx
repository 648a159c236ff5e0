import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';

/** A record's on/off state in a grid: "active" in green, otherwise `off` in grey. */
export function ActiveBadge({ active, off = 'inactive' }: { active: boolean; off?: string }) {
  return (
    <Badge miw="max-content" color={active ? 'green' : 'gray'} variant="light">
      {active ? 'active' : off}
    </Badge>
  );
}
