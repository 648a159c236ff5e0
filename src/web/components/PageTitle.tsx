import { Group, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** The page's heading, also written to the browser tab. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Tread`;
  }, [title]);
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
