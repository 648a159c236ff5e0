import '@mantine/core/styles/Divider.layer.css';
import { Alert, Divider, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiFailure } from '../../api/api';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useResetUserMfaMutation } from './users.api';

/**
 * Admin only: resets the second factor of a user who lost both the phone and the recovery
 * codes. The user's sessions end and the user enrols again (docs/security.md, "MFA decisions").
 */
export function UserMfaReset({ userId, userName }: { userId: number; userName: string }) {
  const [reset] = useResetUserMfaMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <Stack mt="lg" gap="xs">
      <Divider label="Two-step sign-in" labelPosition="left" />
      {outcome && <Alert color={outcome.ok ? 'green' : 'red'}>{outcome.text}</Alert>}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" maw={420}>
          For a user who lost both the phone and the recovery codes. Check who is asking first.
        </Text>
        <ConfirmButton
          size="xs"
          variant="light"
          color="red"
          title={`Reset two-step sign-in of ${userName}?`}
          message="Their authenticator and recovery codes stop working, their sessions end, and they set up two-step sign-in again. The audit log records this."
          confirmLabel="Reset"
          onConfirm={async () => {
            try {
              await reset(userId).unwrap();
              setOutcome({ ok: true, text: 'Two-step sign-in was reset; the user sets it up again.' });
            } catch (error) {
              setOutcome({ ok: false, text: (error as ApiFailure).message });
            }
          }}
        >
          Reset two-step sign-in
        </ConfirmButton>
      </Group>
    </Stack>
  );
}
