import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { Alert, Button, Code, Divider, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ApiFailure } from '../../api/api';
import { ConfirmButton } from '../../components/ConfirmButton';
import { dateTime } from '../../lib/format';
import { useIssueUserTokenMutation, useRevokeUserTokenMutation, useUserTokensQuery } from './users.api';

/** A user's API tokens: issue one (its secret is shown once) and revoke. */
export function UserTokens({ userId }: { userId: number }) {
  const { data } = useUserTokensQuery(userId);
  const [issueToken, { isLoading }] = useIssueUserTokenMutation();
  const [revoke] = useRevokeUserTokenMutation();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const issue = async () => {
    setFailure(null);
    try {
      const res = await issueToken({ userId, name }).unwrap();
      setSecret(res.token);
      setName('');
    } catch (error) {
      setFailure((error as ApiFailure).message);
    }
  };
  return (
    <Stack mt="lg">
      <Divider label="API tokens" labelPosition="left" />
      {failure && <Alert color="red">{failure}</Alert>}
      {secret && (
        <Alert color="green" title="Copy the token now: it is not shown again">
          <Code block>{secret}</Code>
        </Alert>
      )}
      <Group align="end">
        <TextInput label="Token name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button onClick={issue} loading={isLoading} disabled={!name.trim()}>
          Issue token
        </Button>
      </Group>
      {data?.data.length ? (
        <Table>
          <Table.Tbody>
            {data.data.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td>{t.name}</Table.Td>
                <Table.Td>{dateTime(t.createdAt)}</Table.Td>
                <Table.Td>
                  {t.revokedAt ? (
                    <Text size="sm" c="dimmed">
                      revoked {dateTime(t.revokedAt)}
                    </Text>
                  ) : (
                    <ConfirmButton
                      size="xs"
                      variant="light"
                      color="red"
                      title="Revoke this token?"
                      message="Integrations using it stop working at once."
                      confirmLabel="Revoke"
                      onConfirm={async () => {
                        await revoke({ userId, tokenId: t.id });
                      }}
                    >
                      Revoke
                    </ConfirmButton>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm">
          No tokens.
        </Text>
      )}
    </Stack>
  );
}
