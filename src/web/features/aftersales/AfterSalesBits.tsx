import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import { Anchor, Badge, FileInput, Group, Image, Text, Timeline } from '@mantine/core';
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
/** An action as a button's text: "under_review" → "Under review". */
export const actionLabel = (s: string) => label(s).replace(/^./, (c) => c.toUpperCase());

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

/** Photos of a return item or a claim, as thumbnails that open the full picture. */
export function PhotoStrip({ photos, alt }: { photos: string[]; alt: string }) {
  if (!photos.length) return null;
  return (
    <Group gap="xs" wrap="wrap" my="xs">
      {photos.map((url, i) => (
        <Anchor key={url} href={url} target="_blank" aria-label={`${alt}, photo ${i + 1}`}>
          <Image src={url} alt={`${alt}, photo ${i + 1}`} w={72} h={72} fit="cover" radius="sm" />
        </Anchor>
      ))}
    </Group>
  );
}

/** Up to six photos (PNG, JPEG or WebP; the server checks the bytes and the 5 MB limit). */
export function PhotoPicker({
  label: text,
  value,
  onChange,
}: {
  label: string;
  value: File[];
  onChange: (files: File[]) => void;
}) {
  return (
    <FileInput
      label={text}
      description="PNG, JPEG or WebP, up to 5 MB each, at most 6"
      placeholder="Choose photos"
      accept="image/png,image/jpeg,image/webp"
      multiple
      clearable
      value={value}
      onChange={(files) => onChange(files.slice(0, 6))}
    />
  );
}
