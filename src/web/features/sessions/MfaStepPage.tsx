import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import * as accounts from '../../../contract/sessions';
import { call, errorMessage } from '../../api/client';
import { problemIn } from '../../api/thunk';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { Logo } from '../../components/Logo';
import { safeNext } from './LoginPage';
import { CodeInput, MfaEnrol, RecoveryCodes } from './MfaEnrol';
import { confirmMfaEnrolment, verifyMfa } from './session.slice';

type Pending = z.infer<typeof accounts.MfaPending>;

/**
 * The second sign-in step (docs/security.md, MFA), after a right password: a code from the
 * authenticator app or a recovery code; or, for a role that must use MFA and has none yet,
 * the enrolment itself.
 */
export function MfaStepPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const user = useAppSelector((s) => s.session.user);
  const [pending, setPending] = useState<Pending | null>(null);
  const [lost, setLost] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  useEffect(() => {
    call(accounts.getMfaPending).then(setPending, (e) => setLost(errorMessage(e)));
  }, []);
  if (user && !codes) return <Navigate to={next} replace />;

  return (
    <Center mih="70vh">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%" radius="md">
        <Stack>
          <Center>
            <Logo size={48} />
          </Center>
          <Title order={1} size="h3" ta="center">
            {pending?.step === 'enrol' && !codes ? 'Set up two-step sign-in' : 'Two-step sign-in'}
          </Title>
          {lost && (
            <Alert color="red" role="alert">
              {lost}{' '}
              <Anchor component={Link} to="/login">
                Sign in again
              </Anchor>
            </Alert>
          )}
          {!pending && !lost && <Loader mx="auto" aria-label="Loading" />}
          {codes && (
            <>
              <RecoveryCodes codes={codes} />
              <Button onClick={() => navigate(next, { replace: true })}>I saved them: continue</Button>
            </>
          )}
          {pending?.step === 'verify' && <VerifyStep userName={pending.userName} />}
          {pending?.step === 'enrol' && !codes && <EnrolStep userName={pending.userName} onDone={setCodes} />}
        </Stack>
      </Paper>
    </Center>
  );
}

function VerifyStep({ userName }: { userName: string }) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (value = code) => {
    setBusy(true);
    const result = await dispatch(verifyMfa(value));
    setBusy(false);
    if (verifyMfa.rejected.match(result)) {
      setError(problemIn(result).message);
      setCode('');
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack>
        <Text size="sm" ta="center">
          {recovery
            ? `Enter one of the recovery codes of ${userName}.`
            : `Enter the six-digit code your authenticator app shows for ${userName}.`}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {recovery ? (
          <TextInput
            label="Recovery code"
            autoComplete="off"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
        ) : (
          <CodeInput value={code} onChange={setCode} onComplete={(value) => void submit(value)} />
        )}
        <Button type="submit" loading={busy} fullWidth disabled={code.trim().length < 6}>
          Verify
        </Button>
        <Text size="sm" ta="center">
          <Anchor
            component="button"
            type="button"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? 'Use the app’s code instead' : 'Lost your phone? Use a recovery code'}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

function EnrolStep({ userName, onDone }: { userName: string; onDone: (codes: string[]) => void }) {
  const dispatch = useAppDispatch();
  const start = useCallback(() => call(accounts.startMfaLogin), []);
  const confirm = useCallback(
    async (code: string) => {
      const result = await dispatch(confirmMfaEnrolment(code));
      if (confirmMfaEnrolment.rejected.match(result)) throw new Error(problemIn(result).message);
      return result.payload.recoveryCodes;
    },
    [dispatch],
  );
  return (
    <Stack>
      <Text size="sm">
        Your role ({userName}) signs in with a second step: a code from an app on your phone. Set it up once
        now.
      </Text>
      <MfaEnrol start={start} confirm={confirm} onDone={onDone} />
    </Stack>
  );
}
