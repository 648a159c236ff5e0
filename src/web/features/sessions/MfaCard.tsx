import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import * as accounts from '../../../contract/sessions';
import { call, errorMessage } from '../../api/client';
import { MfaEnrol, RecoveryCodes } from './MfaEnrol';

type Status = z.infer<typeof accounts.MfaStatus>;

/** Two-step sign-in on /account: turn it on (QR code, first code, recovery codes) or off (a code). */
export function MfaCard() {
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const load = useCallback(
    () =>
      call(accounts.getMfa).then(
        (s) => setStatus(s),
        (e) => setError(errorMessage(e)),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const start = useCallback(() => call(accounts.startMfa), []);
  const confirm = useCallback(
    async (code: string) => (await call(accounts.confirmMfa, { body: { code } })).recoveryCodes,
    [],
  );
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Two-step sign-in
          </Title>
          {status && <Badge color={status.enabled ? 'green' : 'gray'}>{status.enabled ? 'on' : 'off'}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          After your password, Tread asks for a code from an authenticator app on your phone (also for API
          tokens).
          {status?.required && ' Your role must use it.'}
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        {!status && !error && <Loader size="sm" aria-label="Loading two-step sign-in" />}
        {codes && <RecoveryCodes codes={codes} />}
        {status && !status.enabled && !enrolling && (
          <Button onClick={() => setEnrolling(true)} w="fit-content">
            Turn on
          </Button>
        )}
        {status && !status.enabled && enrolling && (
          <MfaEnrol
            start={start}
            confirm={confirm}
            onDone={(recoveryCodes) => {
              setCodes(recoveryCodes);
              setEnrolling(false);
              void load();
            }}
          />
        )}
        {status?.enabled && (
          <>
            <Text size="sm">Recovery codes left: {status.recoveryCodesLeft}</Text>
            <TurnOff
              onDone={() => {
                setCodes(null);
                void load();
              }}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const res = await toastOutcome(call(accounts.disableMfa, { body: { code } }), {
      success: 'Two-step sign-in is off.',
      failure: null,
    });
    setBusy(false);
    if (!res.ok) return setError(res.problem.message);
    setCode('');
    onDone();
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Code from the app, or a recovery code"
          autoComplete="one-time-code"
          value={code}
          error={error}
          onChange={(e) => setCode(e.currentTarget.value)}
          style={{ flex: '1 1 200px' }}
        />
        <Button type="submit" color="red" variant="light" loading={busy} disabled={code.trim().length < 6}>
          Turn off
        </Button>
      </Group>
    </form>
  );
}
