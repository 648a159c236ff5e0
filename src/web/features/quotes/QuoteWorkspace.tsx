import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { QuoteDetail, QuoteItem, QuoteOption } from '../../../contract/quotes';
import { hasOptionsReady, isIssuedQuote, isQuoteEditable, isSentQuote } from '../../../domain/quote-status';
import { quoteTiers } from '../../../domain/quote-options';
import { useAppSelector } from '../../lib/store-hooks';
import { dateTime, money } from '../../lib/format';
import { QuoteLinesEdit } from './QuoteLinesEdit';
import { ConstraintsLine, dollarsToCents, QuoteStatusBadge, requestText, tierLabel } from './quote-bits';
import {
  quotePdfUrl,
  useEmailQuoteMutation,
  useFinalizeQuoteMutation,
  useOverridePriceMutation,
  useQuoteQuery,
  useRecalculateItemMutation,
  useRecalculateOptionMutation,
  useUnifiedPricingMutation,
} from './quotes.api';
import { useGeneration } from './useGeneration';

type Failure = { message?: string } | undefined;
const messageOf = (e: unknown) => (e as Failure)?.message ?? 'That did not work';

function OptionCard({ option, editable }: { option: QuoteOption; editable: boolean }) {
  const [price, setPrice] = useState<number | string>(option.unitPriceCents / 100);
  const [override, overriding] = useOverridePriceMutation();
  const [recalc, recalculating] = useRecalculateOptionMutation();
  const below = option.belowFloor;
  return (
    <Card withBorder padding="sm" data-testid={`option-${option.id}`}>
      <Group justify="space-between">
        <Text fw={700}>{tierLabel[option.tier]}</Text>
        {option.plusSize && <Badge variant="light">plus size</Badge>}
      </Group>
      <Text>
        {option.makeName} {option.modelName}
      </Text>
      <Text size="sm" c="dimmed">
        {option.size} {option.loadIndex}
        {option.speedIndex} · {option.skuCode} · {option.available} free
      </Text>
      <Text size="sm">
        Cost {money(option.costCents)} · list {money(option.listPriceCents)}
      </Text>
      <Text size="sm" c={below ? 'red' : undefined} fw={below ? 700 : undefined}>
        Floor {money(option.floorCents)}
        {below ? ' — price is below the floor' : ''}
      </Text>
      <Text size="sm">
        {money(option.unitPriceCents)} per tire ({option.priceSource}) · shipping{' '}
        {money(option.shippingCents)}
      </Text>
      <Text size="sm">
        {option.fetUnitCents > 0 && `Excise tax ${money(option.fetUnitCents)} × ${option.quantity} · `}
        {option.tireFeeUnitCents > 0 && `tire fee ${money(option.tireFeeUnitCents)} × ${option.quantity} · `}
        {option.servicesUnitCents > 0 &&
          `services ${money(option.servicesUnitCents)} × ${option.quantity} · `}
        tax {money(option.taxCents)}
      </Text>
      <Text fw={600}>Line {money(option.lineTotalCents)}</Text>
      {(option.arrivesBy || option.distributor) && (
        <Text size="sm">
          {option.distributor ? `From ${option.distributor} · ` : ''}
          {option.arrivesBy ? `arrives by ${option.arrivesBy}` : ''}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {option.reason}
      </Text>
      {editable && (
        <Group mt="xs" align="flex-end" gap="xs">
          <NumberInput
            label="Price per tire"
            aria-label={`Price per tire, ${option.tier}`}
            prefix="$"
            decimalScale={2}
            min={0.01}
            value={price}
            onChange={setPrice}
            w={130}
            size="xs"
          />
          <Button
            size="xs"
            loading={overriding.isLoading}
            onClick={() => override({ optionId: option.id, unitPriceCents: dollarsToCents(price) })}
          >
            Set
          </Button>
          <Button
            size="xs"
            variant="subtle"
            loading={recalculating.isLoading}
            onClick={() => recalc(option.id)}
          >
            Recalculate
          </Button>
        </Group>
      )}
      {(overriding.error || recalculating.error) && (
        <Text c="red" size="xs">
          {messageOf(overriding.error ?? recalculating.error)}
        </Text>
      )}
    </Card>
  );
}

function LineCard({ item, editable }: { item: QuoteItem; editable: boolean }) {
  const [unified, setUnified] = useState<number | string>('');
  const [unify, unifying] = useUnifiedPricingMutation();
  const [reprice, repricing] = useRecalculateItemMutation();
  return (
    <Card withBorder>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Stack gap={0}>
          <Title order={3} size="h5">
            Line {item.position + 1}: {requestText(item)}
            {item.roadHazard ? ' + road hazard' : ''}
          </Title>
          <ConstraintsLine constraints={item.constraints} />
        </Stack>
        {editable && item.options.length > 0 && (
          <Group gap="xs" align="flex-end">
            <NumberInput
              aria-label={`One price for line ${item.position + 1}`}
              placeholder="One price"
              prefix="$"
              decimalScale={2}
              min={0.01}
              value={unified}
              onChange={setUnified}
              w={120}
              size="xs"
            />
            <Button
              size="xs"
              variant="light"
              disabled={!unified}
              loading={unifying.isLoading}
              onClick={() => unify({ itemId: item.id, unitPriceCents: dollarsToCents(unified) })}
            >
              One price for all options
            </Button>
            <Button size="xs" variant="subtle" loading={repricing.isLoading} onClick={() => reprice(item.id)}>
              Re-price line
            </Button>
          </Group>
        )}
      </Group>
      {item.problem && <Alert color="orange">{item.problem}</Alert>}
      {!item.problem && item.options.length === 0 && <Text c="dimmed">No options yet: generate them.</Text>}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {item.options.map((o) => (
          <OptionCard key={`${o.id}-${o.unitPriceCents}`} option={o} editable={editable} />
        ))}
      </SimpleGrid>
    </Card>
  );
}

function Totals({ quote }: { quote: QuoteDetail }) {
  return (
    <Table.ScrollContainer minWidth={820} type="native">
      <Table aria-label="Totals per tier" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Every line takes</Table.Th>
            <Table.Th ta="right">Tires</Table.Th>
            <Table.Th ta="right">Discount</Table.Th>
            <Table.Th ta="right">Road hazard</Table.Th>
            <Table.Th ta="right">Shipping</Table.Th>
            <Table.Th ta="right">Excise tax</Table.Th>
            <Table.Th ta="right">Tire fee</Table.Th>
            <Table.Th ta="right">Services</Table.Th>
            <Table.Th ta="right">{quote.tax.certificate ? 'Tax (exempt)' : 'Tax'}</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quoteTiers.map((tier) => {
            const t = quote.tierTotals[tier];
            return (
              <Table.Tr key={tier}>
                <Table.Td>{tierLabel[tier]}</Table.Td>
                <Table.Td ta="right">{money(t?.subtotalCents)}</Table.Td>
                <Table.Td ta="right">{money(t ? -t.discountCents : null)}</Table.Td>
                <Table.Td ta="right">{money(t?.roadHazardCents)}</Table.Td>
                <Table.Td ta="right">{money(t?.shippingCents)}</Table.Td>
                <Table.Td ta="right">{money(t?.fetCents)}</Table.Td>
                <Table.Td ta="right">{money(t?.tireFeeCents)}</Table.Td>
                <Table.Td ta="right">{money(t?.servicesCents)}</Table.Td>
                <Table.Td ta="right">{money(t?.taxCents)}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(t?.totalCents)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/quotes/:id: sales works a quote: generate, price above the floor, finalize, e-mail. */
export function QuoteWorkspace() {
  const id = Number(useParams().id);
  const role = useAppSelector((s) => s.session.user?.role);
  const { data, isLoading, isError, refetch } = useQuoteQuery(id);
  const generation = useGeneration(id, () => refetch());
  const [finalize, finalizing] = useFinalizeQuoteMutation();
  const [email, emailing] = useEmailQuoteMutation();
  const [approve, setApprove] = useState(false);
  const [to, setTo] = useState('');
  if (isLoading) return <Loader aria-label="Loading the quote" />;
  if (isError || !data) return <Alert color="red">This quote could not be found.</Alert>;
  const quote = data.data;
  const editable = isQuoteEditable(quote.status) && !generation.running;
  const job = generation.job;
  const canApprove = role === 'admin' || role === 'finance';
  const belowFloor = quote.items.some((i) => i.options.some((o) => o.belowFloor));
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Quote Q-{quote.id} {quote.title && `· ${quote.title}`}
        </Title>
        <Group>
          <QuoteStatusBadge status={quote.status} />
          <Anchor href={quotePdfUrl(quote.id)} target="_blank">
            PDF
          </Anchor>
        </Group>
      </Group>
      <Text c="dimmed">
        {quote.companyName} · {quote.locationName}
        {quote.delivery.installerName ? ` · mounted at ${quote.delivery.installerName}` : ''} (ZIP{' '}
        {quote.deliveryZip}) · requested by {quote.requesterName} · owner {quote.ownerName ?? 'none'} · valid
        until {quote.validUntil.slice(0, 10)}
      </Text>
      {quote.note && <Alert variant="light">{quote.note}</Alert>}
      {isQuoteEditable(quote.status) && (
        <Card withBorder>
          <Group justify="space-between" wrap="wrap">
            <Button onClick={generation.start} loading={generation.running} disabled={generation.running}>
              {quote.items.some((i) => i.options.length) ? 'Generate options again' : 'Generate options'}
            </Button>
            {generation.running && (
              <Button color="red" variant="light" onClick={generation.cancel}>
                Cancel
              </Button>
            )}
          </Group>
          {job && (
            <Stack gap={4} mt="sm">
              <Progress
                value={job.total ? (100 * job.done) / job.total : 0}
                aria-label="Generation progress"
                animated={generation.running}
              />
              <Text size="sm" data-testid="generation-progress">
                {job.done} of {job.total} lines · {job.status}
              </Text>
            </Stack>
          )}
          {generation.error && (
            <Alert color="orange" mt="sm">
              {generation.error}
            </Alert>
          )}
        </Card>
      )}
      {editable && <QuoteLinesEdit key={quote.items.map((i) => i.id).join()} quote={quote} />}
      {quote.items.map((item) => (
        <LineCard key={item.id} item={item} editable={editable && hasOptionsReady(quote.status)} />
      ))}
      <Totals quote={quote} />
      {hasOptionsReady(quote.status) && (
        <Card withBorder>
          <Group wrap="wrap" align="center">
            {belowFloor && canApprove && (
              <Checkbox
                label="Approve prices below the floor (audited)"
                checked={approve}
                onChange={(e) => setApprove(e.currentTarget.checked)}
              />
            )}
            <Button
              color="violet"
              loading={finalizing.isLoading}
              onClick={() => finalize({ id, approveBelowFloor: approve, approvalNote: '' })}
            >
              Finalize
            </Button>
          </Group>
          {finalizing.error && (
            <Alert color="red" mt="sm" title="Not finalized">
              {messageOf(finalizing.error)}
            </Alert>
          )}
        </Card>
      )}
      {isIssuedQuote(quote.status) && (
        <Card withBorder>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Send to"
              placeholder="The requester"
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              w={260}
            />
            <Button loading={emailing.isLoading} onClick={() => email({ id, to: to.trim() || undefined })}>
              {isSentQuote(quote.status) ? 'E-mail again' : 'E-mail the quote'}
            </Button>
          </Group>
          {emailing.error && (
            <Alert color="red" mt="sm">
              {messageOf(emailing.error)}
            </Alert>
          )}
          {emailing.isSuccess && (
            <Text c="green" mt="xs">
              Sent.
            </Text>
          )}
        </Card>
      )}
      <Title order={3} size="h5">
        History
      </Title>
      <Table.ScrollContainer minWidth={520} type="native">
        <Table aria-label="Quote history">
          <Table.Tbody>
            {quote.log.map((l) => (
              <Table.Tr key={`${l.at}-${l.note}`}>
                <Table.Td>{dateTime(l.at)}</Table.Td>
                <Table.Td>{l.userName ?? 'system'}</Table.Td>
                <Table.Td>{l.toStatus ? `${l.fromStatus} → ${l.toStatus}` : ''}</Table.Td>
                <Table.Td>{l.note}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
