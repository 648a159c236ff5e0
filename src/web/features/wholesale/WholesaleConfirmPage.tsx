import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as wholesale from '../../../contract/wholesale';
import { ApiError, call } from '../../api/client';

/**
 * /wholesale/confirm: the page the sign-up mail's link opens. The visitor presses a button (as on
 * the newsletter's page), so a mail scanner that follows links confirms nothing.
 */
export function WholesaleConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone((await call(wholesale.confirmWholesale, { body: { token } })).data.message);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The address could not be confirmed. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" maw={480} w="100%" radius="md">
        <Stack>
          <Title order={1} size="h3">
            Confirm your e-mail address
          </Title>
          {!token && <Alert color="red">This link is incomplete. Copy the whole link from the mail.</Alert>}
          {done && (
            <Alert color="green" role="status" data-testid="wholesale-confirmed">
              {done}
            </Alert>
          )}
          {error && <Alert color="red">{error}</Alert>}
          {!done && token && (
            <>
              <Text size="sm">
                Press the button to confirm the address this mail came to and send your wholesale application
                to our team.
              </Text>
              <Button onClick={go} loading={busy} w="fit-content">
                Confirm e-mail address
              </Button>
            </>
          )}
          <Anchor component={Link} to="/login" size="sm">
            Go to sign in
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
