import '@mantine/core/styles/Badge.layer.css';
import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { useAppSelector } from '../../app/store';
import type { FilterChange } from './shop-filters';

/**
 * How the search read the free text, one chip per part (size, brand, category…), each removable
 * on its own: removing one searches the text without its words, so the URL keeps a typed query.
 */
export function QueryChips({ onChange }: { onChange(change: FilterChange): void }) {
  const parts = useAppSelector((s) => s.shop.applied.interpreted?.parts ?? []);
  if (!parts.length) return null;
  return (
    <Group gap="xs" aria-label="Search understood as">
      <Text size="sm" c="dimmed">
        Searching for
      </Text>
      {parts.map((p) => (
        <Badge
          key={`${p.kind}:${p.text}`}
          variant="outline"
          size="lg"
          tt="none"
          rightSection={
            <CloseButton
              size="xs"
              aria-label={`Remove ${p.label}`}
              onClick={() => onChange({ type: 'query', query: p.query })}
            />
          }
        >
          {p.label}
        </Badge>
      ))}
    </Group>
  );
}
