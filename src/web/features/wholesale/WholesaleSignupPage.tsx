import '@mantine/core/styles/Grid.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Grid,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import * as wholesale from '../../../contract/wholesale';
import { ApiError, call } from '../../api/client';
import { pointerErrors, zodValidate } from '../../lib/zod-form';

const initialValues = {
  companyName: '',
  contactName: '',
  email: '',
  phone: '',
  username: '',
  address1: '',
  city: '',
  state: '',
  zip: '',
  taxId: '',
  message: '',
};

/**
 * /wholesale: the public sign-up. A link mailed to the address confirms it
 * (/wholesale/confirm); staff then review the application in the back office.
 */
export function WholesaleSignupPage() {
  const [done, setDone] = useState(false);
  const [sentTo, setSentTo] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues,
    validate: zodValidate(wholesale.WholesaleSignup),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit(async (body) => {
    setBusy(true);
    setFailure(null);
    try {
      // The answer is the same whatever the username: what happens next is told by e-mail.
      await call(wholesale.applyWholesale, { body });
      setSentTo(body.email);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(pointerErrors(error.problem));
      setFailure(
        error instanceof ApiError ? error.message : 'The application could not be sent. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  });
  const field = (name: keyof typeof initialValues, label: string) => (
    <TextInput label={label} {...form.getInputProps(name)} />
  );
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" w={640} radius="md">
        {done ? (
          <Stack>
            <Title order={1} size="h3">
              Check your e-mail
            </Title>
            <Alert color="green" role="status">
              Check your e-mail to confirm: a message with a link is on its way to {sentTo}. Your application
              reaches our team once you open the link (within 7 days). Once approved, you will get another
              e-mail with a link to choose your password.
            </Alert>
            <Text size="sm" c="dimmed">
              No message after a few minutes? Look in the spam folder, or check the address and apply again.
            </Text>
            <Anchor component={Link} to="/login">
              Back to sign in
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h3">
                Open a wholesale account
              </Title>
              <Text size="sm" c="dimmed">
                Tire dealers and fleets buy at wholesale prices. Tell us about your business.
              </Text>
              {failure && <Alert color="red">{failure}</Alert>}
              <Grid>
                <Grid.Col span={12}>{field('companyName', 'Company name')}</Grid.Col>
                <Grid.Col span={6}>{field('contactName', 'Your name')}</Grid.Col>
                <Grid.Col span={6}>{field('email', 'E-mail')}</Grid.Col>
                <Grid.Col span={6}>{field('phone', 'Phone')}</Grid.Col>
                <Grid.Col span={6}>{field('username', 'Username you want')}</Grid.Col>
                <Grid.Col span={12}>{field('address1', 'Address')}</Grid.Col>
                <Grid.Col span={5}>{field('city', 'City')}</Grid.Col>
                <Grid.Col span={3}>{field('state', 'State')}</Grid.Col>
                <Grid.Col span={4}>{field('zip', 'ZIP')}</Grid.Col>
                <Grid.Col span={12}>{field('taxId', 'Resale or tax id')}</Grid.Col>
                <Grid.Col span={12}>
                  <Textarea label="Anything we should know" {...form.getInputProps('message')} />
                </Grid.Col>
              </Grid>
              <Button type="submit" loading={busy}>
                Send application
              </Button>
              <Anchor component={Link} to="/login" size="sm">
                Already a customer? Sign in
              </Anchor>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
