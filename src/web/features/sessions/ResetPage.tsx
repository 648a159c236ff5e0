import '@mantine/core/styles/PasswordInput.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as accounts from '../../../contract/sessions';
import { call, errorMessage } from '../../api/client';

/** /reset: ask for a reset link; /reset?token=…: choose the new password. */
export function ResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Center mih="70vh">
      <Paper withBorder shadow="sm" p="xl" w={400} radius="md">
        {token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}
      </Paper>
    </Center>
  );
}

function RequestLinkForm() {
  const [state, setState] = useState<{ sent?: string; error?: string; busy?: boolean }>({});
  const form = useForm({
    initialValues: { username: '' },
    validate: { username: (v) => (v.trim() ? null : 'Enter your username') },
  });
  const submit = form.onSubmit(async ({ username }) => {
    setState({ busy: true });
    try {
      const res = await call(accounts.recover, { body: { username } });
      setState({ sent: res.message });
    } catch (error) {
      setState({ error: errorMessage(error) });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Reset your password
        </Title>
        {state.sent ? (
          <Alert color="green" role="status">
            {state.sent}
          </Alert>
        ) : (
          <>
            {state.error && <Alert color="red">{state.error}</Alert>}
            <TextInput label="Username" {...form.getInputProps('username')} />
            <Button type="submit" loading={state.busy}>
              Send reset link
            </Button>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [state, setState] = useState<{ done?: boolean; error?: string; busy?: boolean }>({});
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
      confirm: (v, values) => (v === values.password ? null : 'The passwords differ'),
    },
  });
  const submit = form.onSubmit(async ({ password }) => {
    setState({ busy: true });
    try {
      await call(accounts.completeReset, { body: { token, password } });
      setState({ done: true });
    } catch (error) {
      setState({ error: errorMessage(error) });
    }
  });
  if (state.done) {
    return (
      <Stack>
        <Alert color="green">Your password is changed.</Alert>
        <Anchor component={Link} to="/login">
          Sign in with it
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          Choose a new password
        </Title>
        {state.error && <Alert color="red">{state.error}</Alert>}
        <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label="Repeat it" autoComplete="new-password" {...form.getInputProps('confirm')} />
        <Button type="submit" loading={state.busy}>
          Set password
        </Button>
        <Text size="xs" c="dimmed">
          The link works once and expires.
        </Text>
      </Stack>
    </form>
  );
}
