import '@mantine/core/styles/Card.layer.css';
import { Alert, Anchor, Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApiFailure } from '../../api/api';
import { useConfirmNewsletterMutation, useUnsubscribeMutation } from './marketing.api';

/**
 * /newsletter/confirm and /newsletter/unsubscribe: the pages a newsletter mail's links open. The
 * visitor presses a button, so a mail scanner that follows links changes nothing.
 */
export function NewsletterLinkPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm, confirming] = useConfirmNewsletterMutation();
  const [unsubscribe, leaving] = useUnsubscribeMutation();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    const res = action === 'confirm' ? await confirm(token) : await unsubscribe(token);
    if ('error' in res) setError((res.error as ApiFailure).message);
    else
      setDone(
        action === 'confirm'
          ? `${res.data.email} now receives Tread news. Thank you.`
          : `${res.data.email} receives no more Tread news.`,
      );
  };
  return (
    <Center py="xl">
      <Card withBorder padding="xl" maw={480} w="100%">
        <Stack>
          <Title order={1} size="h3">
            {action === 'confirm' ? 'Confirm your newsletter' : 'Unsubscribe'}
          </Title>
          {!token && <Alert color="red">This link is incomplete. Copy the whole link from the mail.</Alert>}
          {done && (
            <Alert color="green" data-testid="newsletter-done">
              {done}
            </Alert>
          )}
          {error && <Alert color="red">{error}</Alert>}
          {!done && token && (
            <>
              <Text size="sm">
                {action === 'confirm'
                  ? 'Press the button to start receiving Tread news at the address this mail came to.'
                  : 'Press the button to stop receiving Tread news.'}
              </Text>
              <Button onClick={go} loading={confirming.isLoading || leaving.isLoading} w="fit-content">
                {action === 'confirm' ? 'Confirm subscription' : 'Unsubscribe'}
              </Button>
            </>
          )}
          <Anchor component={Link} to="/" size="sm">
            Go to the shop
          </Anchor>
        </Stack>
      </Card>
    </Center>
  );
}
