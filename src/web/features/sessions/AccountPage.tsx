import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Loader,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { toastOutcome } from '../../lib/use-mutation-with-toast';
import { type ReactNode, useEffect, useState } from 'react';
import * as accounts from '../../../contract/sessions';
import type { z } from 'zod';
import { call, errorMessage } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { PageTitle } from '../../components/PageTitle';
import { Link } from 'react-router';
import { can } from '../../../domain/roles';
import { ApiTokensCard } from './ApiTokensCard';
import { MfaCard } from './MfaCard';
import { setPriceGroup } from './session.slice';

type Account = z.infer<typeof accounts.Account>;

interface Props {
  /** The company's saved cards (another feature's), given the company and whether the user may edit them. */
  renderSavedCards?: (companyId: number, canEdit: boolean) => ReactNode;
  /** The company's exemption certificates (another feature's), given its locations and whether the user may upload. */
  renderCertificates?: (locations: Account['locations'], canUpload: boolean) => ReactNode;
  /** Above the page: a certificate of the company expiring soon, for whoever may upload its renewal. */
  renderExpiryBanner?: (canUpload: boolean) => ReactNode;
  /** The company's webhook endpoints (another feature's), shown to its admin only. */
  renderWebhooks?: () => ReactNode;
  /** The company's buying rules (a PO number required), switched by the company admin. */
  renderBuyingRules?: (canEdit: boolean) => ReactNode;
}

export function AccountPage({
  renderSavedCards,
  renderCertificates,
  renderExpiryBanner,
  renderWebhooks,
  renderBuyingRules,
}: Props) {
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(accounts.getAccount).then(setAccount, (e) => setError(errorMessage(e)));
  }, []);
  return (
    <>
      <PageTitle title="Account">
        <Button component={Link} to="/contact" variant="light">
          Contact support
        </Button>
      </PageTitle>
      {error && <Alert color="red">{error}</Alert>}
      {!account && !error && <Loader aria-label="Loading account" />}
      {account && renderExpiryBanner?.(can(account.user.role, 'companyAdmin'))}
      {account && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                You
              </Title>
              <Text fw={600}>{account.user.name}</Text>
              <Text size="sm">Username: {account.user.userName}</Text>
              <Text size="sm">E-mail: {account.user.email}</Text>
              <Text size="sm">
                Role: <Badge variant="light">{account.user.role.replace('_', ' ')}</Badge>
              </Text>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Company
              </Title>
              <Text fw={600}>{account.company.name}</Text>
              {account.company.email && <Text size="sm">{account.company.email}</Text>}
              {account.company.phone && <Text size="sm">{account.company.phone}</Text>}
            </Card>
          </Grid.Col>
          <Grid.Col span={12}>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Locations
              </Title>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Address</Table.Th>
                    <Table.Th>ZIP</Table.Th>
                    <Table.Th>Price group</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {account.locations.map((l) => (
                    <Table.Tr key={l.locationId}>
                      <Table.Td>{l.locationName}</Table.Td>
                      <Table.Td>
                        {l.locationAddress}, {l.locationCity} {l.locationState}
                      </Table.Td>
                      <Table.Td>{l.locationZip}</Table.Td>
                      <Table.Td>{l.locationGroupPricingName}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </Grid.Col>
          {renderCertificates && (
            <Grid.Col span={12}>
              {renderCertificates(account.locations, can(account.user.role, 'companyAdmin'))}
            </Grid.Col>
          )}
          {renderBuyingRules && (
            <Grid.Col span={12}>
              <Stack gap="md">{renderBuyingRules(can(account.user.role, 'companyAdmin'))}</Stack>
            </Grid.Col>
          )}
          {renderSavedCards && (
            <Grid.Col span={12}>
              <Card withBorder>
                <Title order={2} size="h4" mb="sm">
                  Saved cards
                </Title>
                {renderSavedCards(account.company.id, can(account.user.role, 'companyAdmin'))}
              </Card>
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ChangePassword />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <SessionPriceGroup />
          </Grid.Col>
          <Grid.Col span={12}>
            <MfaCard />
          </Grid.Col>
          <Grid.Col span={12}>
            <ApiTokensCard />
          </Grid.Col>
          {renderWebhooks && can(account.user.role, 'companyAdmin') && (
            <Grid.Col span={12}>{renderWebhooks()}</Grid.Col>
          )}
        </Grid>
      )}
    </>
  );
}

/** The session's price group (a buyer may switch it), limited to the groups the user may use. */
function SessionPriceGroup() {
  const dispatch = useAppDispatch();
  const { priceGroup, priceGroups, location, error } = useAppSelector((s) => s.session);
  if (priceGroups.length < 2) return null;
  const locationGroup = location?.locationGroupPricing;
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Prices for this session
        </Title>
        <Text size="sm" c="dimmed">
          Your location uses {location?.locationGroupPricingName ?? 'its own'} prices. You may shop with
          another of your price groups until you sign out or switch location.
        </Text>
        <Select
          label="Price group"
          allowDeselect={false}
          value={priceGroup ? String(priceGroup.id) : null}
          data={priceGroups.map((g) => ({
            value: String(g.id),
            label: g.id === locationGroup ? `${g.name} (location default)` : g.name,
          }))}
          onChange={(value) =>
            value && dispatch(setPriceGroup(Number(value) === locationGroup ? null : Number(value)))
          }
        />
        {error && <Alert color="red">{error}</Alert>}
      </Stack>
    </Card>
  );
}

function ChangePassword() {
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: {
      currentPassword: (v) => (v ? null : 'Enter your current password'),
      newPassword: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
      confirm: (v, values) => (v === values.newPassword ? null : 'The passwords differ'),
    },
  });
  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setBusy(true);
    // A refusal (the current password is wrong) is shown at the current password's field.
    const res = await toastOutcome(
      call(accounts.changePassword, { body: { currentPassword, newPassword } }),
      {
        success: 'Password changed. Your other sessions were signed out.',
        failure: null,
      },
    );
    setBusy(false);
    if (res.ok) form.reset();
    else form.setFieldError('currentPassword', res.problem.message);
  });
  return (
    <Card withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Repeat new password"
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={busy} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
