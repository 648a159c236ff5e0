import '@mantine/core/styles/Code.layer.css';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { dateTime } from '../../lib/format';

interface Props {
  secret: string;
  /** After a rotation: until when the old secret still signs. */
  previousUntil?: string | null;
  onDone: () => void;
}

/** A signing secret the server answers once: shown here, then never again. */
export function WebhookSecret({ secret, previousUntil, onDone }: Props) {
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Signing secret: copy it now"
      data-testid="webhook-secret"
      styles={{ message: { minWidth: 0 } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          Your receiver checks each delivery's <Code>webhook-signature</Code> with this secret. It will not be
          shown again: keep it in your receiver's configuration now.
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} aria-label="Signing secret">
          {secret}
        </Code>
        {previousUntil !== undefined && (
          <Text size="sm">
            The old secret keeps signing deliveries too for 24 hours
            {previousUntil ? ` (until ${dateTime(previousUntil)})` : ''}, so your receiver can switch over
            without missing an event.
          </Text>
        )}
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            I have saved it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
