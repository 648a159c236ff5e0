import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import { Alert, Anchor, Button, Card, Grid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useAppSelector } from '../../lib/store-hooks';
import type { ApiFailure } from '../../api/api';
import { PageTitle } from '../../components/PageTitle';
import { useSendContactMutation, useSubscribeMutation } from './marketing.api';

const errorsOf = (e: unknown) => {
  const p = e as ApiFailure;
  const out: Record<string, string> = {};
  for (const f of p.errors ?? []) out[f.pointer.replace('/body/', '')] = f.detail;
  if (!p.errors?.length) out.form = p.message;
  return out;
};

/** /contact: a message to support (with a copy to the sender) and the newsletter sign-up. */
export function ContactPage() {
  const supportEmail = useAppSelector((s) => s.session.supportEmail);
  return (
    <>
      <PageTitle title="Contact Tread" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ContactForm />
          <Text size="sm" c="dimmed" mt="xs">
            Or write to <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>.
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <NewsletterSignup />
        </Grid.Col>
      </Grid>
    </>
  );
}

function ContactForm() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [send, { isLoading }] = useSendContactMutation();
  const submit = async () => {
    setErrors({});
    const res = await send({ subject, message, orderNumber });
    if ('error' in res) return setErrors(errorsOf(res.error));
    setSent(res.data.email);
    setSubject('');
    setMessage('');
    setOrderNumber('');
  };
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          Message support
        </Title>
        {sent && (
          <Alert color="green" data-testid="contact-sent">
            Thank you: support has your message, and a copy went to {sent}.
          </Alert>
        )}
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          maxLength={150}
          error={errors.subject}
          required
        />
        <TextInput
          label="Order number (optional)"
          value={orderNumber}
          onChange={(e) => setOrderNumber(e.currentTarget.value)}
          maxLength={40}
          error={errors.orderNumber}
        />
        <Textarea
          label="Message"
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={5}
          maxLength={5000}
          error={errors.message}
          required
        />
        <Button onClick={submit} loading={isLoading} w="fit-content">
          Send
        </Button>
      </Stack>
    </Card>
  );
}

export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [subscribe, { isLoading }] = useSubscribeMutation();
  const submit = async () => {
    setError(null);
    const res = await subscribe(email);
    if ('error' in res) setError(errorsOf(res.error).email ?? errorsOf(res.error).form);
    else setAnswer(res.data);
  };
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          Tread news
        </Title>
        <Text size="sm">
          New lines, fleet specials and seasonal stock, about once a month. Unsubscribe from any mail.
        </Text>
        {answer ? (
          <Alert color="green" data-testid="newsletter-answer">
            {answer}
          </Alert>
        ) : (
          <>
            <TextInput
              label="E-mail"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              maxLength={200}
            />
            <Button onClick={submit} loading={isLoading} w="fit-content" variant="light">
              Subscribe
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
