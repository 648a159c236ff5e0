import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { QuoteDetail, QuoteOption } from '../../../contract/quotes';
import { orderTotals } from '../../../domain/money';
import { isAcceptedQuote, isIssuedQuote, isQuoteEditable } from '../../../domain/quote-status';
import { LandedTotals, taxLabel } from '../../components/LandedTotals';
import { PageTitle } from '../../components/PageTitle';
import { money } from '../../lib/format';
import { ConstraintsLine, QuoteStatusBadge, requestText, tierLabel } from './quote-bits';
import { quotePdfUrl, useAcceptQuoteMutation, useDeclineQuoteMutation, useQuoteQuery } from './quotes.api';

/**
 * The totals of the chosen options, as the order will total them: each option carries its line's
 * landed cost (excise tax, fee, services, tax: the server's landed-cost rule), summed here.
 */
function chosenTotal(quote: QuoteDetail, chosen: Record<number, number>) {
  const picks = quote.items.flatMap((item) => {
    const o = item.options.find((x) => x.id === chosen[item.id]);
    return o ? [{ o, roadHazard: item.roadHazard }] : [];
  });
  const unit = (p: (typeof picks)[number]) => Math.max(p.o.listPriceCents, p.o.unitPriceCents);
  return orderTotals(
    picks.map((p) => ({
      quantity: p.o.quantity,
      unitPriceCents: unit(p),
      unitDiscountCents: unit(p) - p.o.unitPriceCents,
      roadHazard: p.roadHazard,
      roadHazardUnitCents: p.o.roadHazardUnitCents,
      fetUnitCents: p.o.fetUnitCents,
      tireFeeUnitCents: p.o.tireFeeUnitCents,
      servicesUnitCents: p.o.servicesUnitCents,
      taxCents: p.o.taxCents,
    })),
    picks.reduce((s, p) => s + p.o.shippingCents, 0),
  );
}

/** An option's charges beyond its tires: shipping, and the excise tax, fee, services and tax it carries. */
function OptionCharges({ o, state }: { o: QuoteOption; state: string | null }) {
  const each = (cents: number) => `${money(cents)} × ${o.quantity}`;
  return (
    <>
      <Text size="sm">Shipping {money(o.shippingCents)}</Text>
      {o.fetUnitCents > 0 && <Text size="sm">Federal excise tax {each(o.fetUnitCents)}</Text>}
      {o.tireFeeUnitCents > 0 && (
        <Text size="sm">
          {state ?? 'State'} tire fee {each(o.tireFeeUnitCents)}
        </Text>
      )}
      {o.servicesUnitCents > 0 && (
        <Text size="sm" data-testid="option-services">
          Installer services {each(o.servicesUnitCents)}
        </Text>
      )}
      <Text size="sm">Tax {money(o.taxCents)}</Text>
    </>
  );
}

/** /quotes/:id: the buyer's quote; once sent, one option per line is chosen and accepted. */
export function BuyerQuotePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data, isLoading, isError, refetch } = useQuoteQuery(id);
  const [accept, accepting] = useAcceptQuoteMutation();
  const [decline, declining] = useDeclineQuoteMutation();
  const [chosen, setChosen] = useState<Record<number, number>>({});
  if (isLoading) return <Loader aria-label="Loading the quote" />;
  if (isError || !data) return <Alert color="red">This quote could not be found.</Alert>;
  const quote = data.data;
  const open = isIssuedQuote(quote.status);
  const allChosen = quote.items.every((i) => chosen[i.id]);
  const totals = chosenTotal(quote, chosen);
  const submit = async () => {
    // The total shown is the one accepted: a total changed since (a new tax rate) is refused, shown again.
    const result = await accept({
      id,
      choices: quote.items.map((i) => ({ itemId: i.id, optionId: chosen[i.id] })),
      expectedTotalCents: totals.totalCents,
    });
    if ('data' in result && result.data) navigate(`/orders/${result.data.orderId}`);
    else refetch();
  };
  const failure = accepting.error ?? declining.error;
  return (
    <>
      <PageTitle title={`Quote Q-${quote.id}`}>
        <Group>
          <QuoteStatusBadge status={quote.status} />
          <Anchor href={quotePdfUrl(quote.id)} target="_blank">
            PDF
          </Anchor>
        </Group>
      </PageTitle>
      <Text c="dimmed" mb="md">
        {quote.title || 'Quote'} · {quote.locationName}
        {quote.delivery.installerName ? ` · mounted at ${quote.delivery.installerName}` : ''} · valid until{' '}
        {quote.validUntil.slice(0, 10)}
      </Text>
      {isQuoteEditable(quote.status) && (
        <Alert mb="md">
          Sales is preparing your options. You will get an e-mail when the quote is ready.
        </Alert>
      )}
      {isAcceptedQuote(quote.status) && quote.orderId && (
        <Alert color="green" mb="md">
          Accepted:{' '}
          <Anchor component={Link} to={`/orders/${quote.orderId}`}>
            see the order
          </Anchor>{' '}
          to pay for it.
        </Alert>
      )}
      <Stack>
        {quote.items.map((item) => (
          <Card key={item.id} withBorder>
            <Title order={2} size="h4" mb="xs">
              Line {item.position + 1}: {requestText(item)}
            </Title>
            <ConstraintsLine constraints={item.constraints} />
            {item.options.length === 0 && <Text c="dimmed">No options yet.</Text>}
            <Radio.Group
              value={
                chosen[item.id]
                  ? String(chosen[item.id])
                  : item.chosenOptionId
                    ? String(item.chosenOptionId)
                    : null
              }
              onChange={(v) => setChosen((c) => ({ ...c, [item.id]: Number(v) }))}
            >
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {item.options.map((o) => (
                  <Card key={o.id} withBorder padding="sm">
                    <Text fw={700}>{tierLabel[o.tier]}</Text>
                    <Text>
                      {o.makeName} {o.modelName}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {o.size} {o.loadIndex}
                      {o.speedIndex} · {o.skuCode}
                    </Text>
                    <Text size="sm">{money(o.unitPriceCents)} per tire</Text>
                    <OptionCharges o={o} state={quote.tax.state} />
                    <Text fw={600}>{money(o.lineTotalCents)}</Text>
                    <Text size="xs" c="dimmed">
                      {o.reason}
                    </Text>
                    {open && (
                      <Radio
                        mt="xs"
                        value={String(o.id)}
                        label="Choose"
                        aria-label={`Choose ${tierLabel[o.tier]} for line ${item.position + 1}`}
                      />
                    )}
                  </Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          </Card>
        ))}
      </Stack>
      {open && (
        <Card withBorder mt="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={4} miw={260} maw={420} style={{ flex: '1 1 260px' }}>
              <LandedTotals
                totals={totals}
                tax={quote.tax}
                installer={quote.delivery.kind === 'installer'}
                testId="quote-total"
              />
              <Text size="xs" c="dimmed">
                {taxLabel(quote.tax)} at the rates in force on {quote.taxedOn}: the order is taxed at the
                rates of the day you accept.
              </Text>
            </Stack>
            <Group>
              <Button variant="subtle" color="red" loading={declining.isLoading} onClick={() => decline(id)}>
                Decline
              </Button>
              <Button disabled={!allChosen} loading={accepting.isLoading} onClick={submit}>
                Accept and check out
              </Button>
            </Group>
          </Group>
          {failure && (
            <Alert color="red" mt="sm">
              {'message' in failure ? failure.message : 'That did not work'}
            </Alert>
          )}
        </Card>
      )}
    </>
  );
}
