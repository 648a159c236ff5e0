import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/PinInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Alert, Button, Code, Group, Image, PinInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type * as accounts from '../../../contract/sessions';
import { errorMessage } from '../../api/client';

type Enrolment = z.infer<typeof accounts.MfaEnrolment>;

interface EnrolProps {
  /** Starts the enrolment on the server (a new secret and its QR code). */
  start: () => Promise<Enrolment>;
  /** Confirms it with the first code; answers the recovery codes. */
  confirm: (code: string) => Promise<string[]>;
  onDone: (recoveryCodes: string[]) => void;
}

/** Scan the QR code (or type the key), then confirm with the app's first code. */
export function MfaEnrol({ start, confirm, onDone }: EnrolProps) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    start().then(setEnrolment, (e) => setError(errorMessage(e)));
  }, [start]);
  const submit = async (value = code) => {
    setBusy(true);
    setError(null);
    try {
      onDone(await confirm(value));
    } catch (e) {
      setError(errorMessage(e));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {enrolment && (
        <>
          <Text size="sm">
            1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
            1Password, …).
          </Text>
          <Image src={enrolment.qr} alt="QR code for your authenticator app" w={200} h={200} mx="auto" />
          <Text size="sm">
            Cannot scan? Enter this key: <Code style={{ wordBreak: 'break-all' }}>{enrolment.secret}</Code>
          </Text>
          <Text size="sm">2. Enter the six-digit code the app shows.</Text>
          <CodeInput value={code} onChange={setCode} onComplete={(value) => void submit(value)} />
          <Button onClick={() => void submit()} loading={busy} disabled={code.length !== 6}>
            Turn on
          </Button>
        </>
      )}
    </Stack>
  );
}

/** Six digits, one box each (one-time-code autofill on phones). */
export function CodeInput(props: {
  value: string;
  onChange: (v: string) => void;
  onComplete?: (value: string) => void;
}) {
  return (
    <Group justify="center">
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        aria-label="Six-digit code"
        value={props.value}
        onChange={props.onChange}
        onComplete={props.onComplete}
      />
    </Group>
  );
}

/** The recovery codes, shown once after an enrolment. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert color="yellow" title="Save your recovery codes">
      <Stack gap="xs">
        <Text size="sm">
          Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only
          now.
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          {codes.map((c) => (
            <Code key={c}>{c}</Code>
          ))}
        </SimpleGrid>
      </Stack>
    </Alert>
  );
}
