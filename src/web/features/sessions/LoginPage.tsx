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
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { Logo } from '../../components/Logo';
import { login } from './session.slice';

/** Only same-site paths may be returned to after signing in. */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : '/';
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user, error } = useAppSelector((s) => s.session);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : 'Enter your username'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });
  const next = safeNext(params.get('next'));
  if (user) return <Navigate to={next} replace />;

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    const result = await dispatch(login(values));
    setSubmitting(false);
    if (login.fulfilled.match(result)) navigate(next, { replace: true });
    else if (result.payload?.code === 'mfa_required')
      navigate(`/login/mfa?next=${encodeURIComponent(next)}`, { replace: true });
  });

  return (
    <Center mih="70vh">
      <Paper withBorder shadow="sm" p="xl" w={380} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Center>
              <Logo size={48} />
            </Center>
            <Title order={1} size="h3" ta="center">
              Sign in to Tread
            </Title>
            {error && (
              <Alert color="red" role="alert" title="Could not sign in">
                {error}
              </Alert>
            )}
            <TextInput
              label="Username"
              autoComplete="username"
              autoFocus
              {...form.getInputProps('username')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={submitting} fullWidth>
              Sign in
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/reset">
                Forgot your password?
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
