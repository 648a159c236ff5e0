import '@mantine/core/styles/Card.layer.css';
import { Anchor, Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../lib/store-hooks';
import { useSignOut } from './use-sign-out';

/**
 * /logout, for a user who types it: a button signs out (a POST). Opening the page changes
 * nothing, so a link to it from another site cannot end the session.
 */
export function LogoutPage() {
  const { user, status } = useAppSelector((s) => s.session);
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  return (
    <Center py="xl">
      <Card withBorder padding="xl" maw={480} w="100%">
        <Stack>
          <Title order={1} size="h3">
            Sign out
          </Title>
          {status === 'ready' && !user ? (
            <>
              <Text size="sm">You are not signed in.</Text>
              <Anchor component={Link} to="/login" size="sm">
                Sign in
              </Anchor>
            </>
          ) : (
            <>
              <Text size="sm">
                {user ? `You are signed in as ${user.userName}.` : 'Checking your session…'} Press the button
                to sign out of Tread on this browser.
              </Text>
              <Button
                w="fit-content"
                loading={busy}
                disabled={!user}
                onClick={() => {
                  setBusy(true);
                  void signOut();
                }}
              >
                Sign out
              </Button>
              <Anchor component={Link} to="/" size="sm">
                Back to the shop
              </Anchor>
            </>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
