import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Badge, Button, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { useCallback, useEffect, useState } from 'react';
import * as accounts from '../../../contract/sessions';
import { call, errorMessage } from '../../api/client';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function stateOf(t: accounts.ApiToken) {
  if (t.revokedAt) return <Badge color="gray">revoked</Badge>;
  if (t.expiresAt && new Date(t.expiresAt) < new Date()) return <Badge color="gray">expired</Badge>;
  return <Badge color="green">active</Badge>;
}

/** The user's bearer tokens (POST /api/v1/authorize), with their last use, and a revoke button. */
export function ApiTokensCard() {
  const [tokens, setTokens] = useState<accounts.ApiToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const load = useCallback(
    () =>
      call(accounts.listOwnTokens).then(
        (r) => setTokens(r.data),
        (e) => setError(errorMessage(e)),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const revoke = async (id: number) => {
    setBusy(id);
    const res = await toastOutcome(call(accounts.revokeOwnToken, { params: { id } }), {
      success: 'Token revoked: it no longer works.',
      failure: null,
    });
    if (res.ok) await load();
    else setError(res.problem.message);
    setBusy(null);
  };
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          API tokens
        </Title>
        <Text size="sm" c="dimmed">
          Tokens let programs act as you. A password change revokes them all; an unused token stops working on
          its own after a while.
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        {!tokens && !error && <Loader size="sm" aria-label="Loading tokens" />}
        {tokens?.length === 0 && <Text size="sm">You have no API tokens.</Text>}
        {tokens && tokens.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>{t.name}</Table.Td>
                    <Table.Td>{when(t.createdAt)}</Table.Td>
                    <Table.Td>{when(t.lastUsedAt)}</Table.Td>
                    <Table.Td>{when(t.expiresAt)}</Table.Td>
                    <Table.Td>{stateOf(t)}</Table.Td>
                    <Table.Td>
                      {!t.revokedAt && (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          loading={busy === t.id}
                          onClick={() => revoke(t.id)}
                        >
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
