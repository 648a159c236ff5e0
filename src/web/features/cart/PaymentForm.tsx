import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/RadioCard.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import { Alert, Button, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutBody } from '../../../contract/cart';
import type { ApiFailure } from '../../api/api';
import { newIdempotencyKey, problemOf } from '../../api/client';
import { showToast } from '../../lib/toasts';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import {
  CardFields,
  type CardValues,
  cardFieldErrors,
  cardRules,
  emptyCard,
  usePaymentAttempt,
} from '../../components/CardFields';
import {
  type ProviderSession,
  useBuyingSettingsQuery,
  useCompanyPaymentQuery,
  useOpenCardCheckoutMutation,
  useOpenCryptoChargeMutation,
  useOpenHostedPaymentMutation,
} from './cart.api';
import { cartErrorCleared, checkout } from './cart.slice';
import { CryptoPaymentModal } from './CryptoPaymentModal';
import { FinancingModal } from './FinancingModal';
import { HostedPaymentModal } from './HostedPaymentModal';
import { money } from '../../lib/format';
import { isPendingPayment } from '../../../domain/payment-status';
import { leaveFor } from '../../lib/leave-for';

type Method = 'card' | 'saved' | 'account' | 'finpay' | 'hostedpay' | 'coinpay';
const currencies = ['USDC', 'BTC', 'ETH'] as const;

interface Values extends CardValues {
  method: Method;
  sourceId: string | null;
  currency: (typeof currencies)[number];
  poNumber: string;
}

const onlyFor =
  (method: Method, rule: (v: string) => string | null, skip: { current: boolean }) =>
  (v: string, all: Values) =>
    all.method === method && !skip.current ? rule(v) : null;

/**
 * Payment choice: a card (test numbers of the sandbox; tokenized by the card provider, so only
 * its token reaches the checkout), a saved card, the company account, financing (finpay's
 * application), the provider's hosted checkout page, or crypto. When Stripe takes the cards, the
 * card option has no fields: the order is placed and the browser goes to Stripe's page.
 */
export function PaymentForm({ orderId, totalCents }: { orderId: number; totalCents: number }) {
  const dispatch = useAppDispatch();
  const { checkoutLoading, error } = useAppSelector((s) => s.cart);
  const company = useCompanyPaymentQuery();
  const onStripe = company.data?.cardProvider === 'stripe';
  // The form's rules are fixed when it is made; the provider arrives later.
  const noCardFields = useRef(onStripe);
  noCardFields.current = onStripe;
  // The company may require a PO number (its buying rules, set on /account); the server refuses
  // the order without one anyway.
  const poRequired = useBuyingSettingsQuery().data?.poRequired ?? false;
  const needsPo = useRef(poRequired);
  needsPo.current = poRequired;
  const [openCardCheckout, cardCheckoutOpening] = useOpenCardCheckoutMutation();
  const navigate = useNavigate();
  const [openHosted, hostedOpening] = useOpenHostedPaymentMutation();
  const [openCrypto, cryptoOpening] = useOpenCryptoChargeMutation();
  const [hosted, setHosted] = useState<ProviderSession | null>(null);
  const [charge, setCharge] = useState<ProviderSession | null>(null);
  const [financing, setFinancing] = useState(false);
  const [tokenizing, setTokenizing] = useState(false);
  const [providerError, setProviderError] = useState<string | null>(null);
  // One key per attempt of this form: a double click or a retry after a network error replays, never charges twice.
  const attempt = usePaymentAttempt();
  const form = useForm<Values>({
    initialValues: {
      ...emptyCard(),
      method: 'card',
      sourceId: null,
      currency: 'USDC',
      poNumber: '',
    },
    validate: {
      number: onlyFor('card', cardRules.number, noCardFields),
      cvc: onlyFor('card', cardRules.cvc, noCardFields),
      sourceId: (v, all) => (all.method === 'saved' && !v ? 'Choose a saved card' : null),
      poNumber: (v) =>
        needsPo.current && !v.trim() ? 'Your company requires a PO number on every order' : null,
    },
  });
  const poNumber = () => form.values.poNumber.trim() || undefined;

  const place = async (body: CheckoutBody, payTo?: string | null) => {
    const result = await dispatch(checkout({ ...body, orderId, idempotencyKey: attempt.key(), payTo }));
    attempt.finish(checkout.rejected.match(result) ? result.payload : undefined);
    return checkout.fulfilled.match(result) ? result.payload : null;
  };
  /** A new card: the provider tokenizes it, and the checkout spends the token. */
  const payByCard = async (v: Values) => {
    setTokenizing(true);
    const card = await attempt.cardToken(v).catch((e: unknown) => problemOf(e));
    setTokenizing(false);
    if ('status' in card) {
      attempt.finish(card);
      form.setErrors(cardFieldErrors(card));
      setProviderError(card.message);
      return;
    }
    await place({ paymentMethod: 'card', cardToken: card.token, poNumber: poNumber() });
  };
  /**
   * Stripe: the order is placed pending with its stock held, then the browser leaves for Stripe's
   * page: to enter the card, or for a saved card that its bank wants the cardholder to confirm
   * (a saved card charged at once needs no page). When that page does not open, the order page
   * offers it again.
   */
  const payOnStripe = async (body: CheckoutBody) => {
    const placed = await place(body);
    if (!placed || !isPendingPayment(placed.paymentStatus)) return;
    const res = await openCardCheckout({ orderId, idempotencyKey: newIdempotencyKey() });
    if ('data' in res && res.data) {
      leaveFor(res.data.url);
      return;
    }
    showToast({
      color: 'red',
      message: `The order is placed, but the card payment page did not open: ${(res.error as ApiFailure).message}`,
    });
    navigate(`/orders/${orderId}`);
  };
  /** Opens the provider's session (hosted page or crypto charge); a refusal is shown beside the button. */
  const open = async (run: () => Promise<{ data: ProviderSession } | { error: unknown }>) => {
    setProviderError(null);
    const res = await run();
    if ('error' in res) {
      setProviderError((res.error as ApiFailure).message);
      return null;
    }
    return res.data;
  };
  const submit = async (v: Values) => {
    dispatch(cartErrorCleared());
    setProviderError(null);
    const po = poNumber();
    if (v.method === 'hostedpay') setHosted(await open(() => openHosted()));
    else if (v.method === 'coinpay') setCharge(await open(() => openCrypto({ currency: v.currency })));
    else if (v.method === 'finpay') setFinancing(true);
    else if (v.method === 'card')
      await (onStripe ? payOnStripe({ paymentMethod: 'card', poNumber: po }) : payByCard(v));
    else if (v.method === 'saved') {
      const saved = { paymentMethod: 'card' as const, sourceId: Number(v.sourceId), poNumber: po };
      await (onStripe ? payOnStripe(saved) : place(saved));
    } else await place({ paymentMethod: 'account', poNumber: po });
  };
  const placeFinanced = async (token: string) => {
    if (await place({ paymentMethod: 'finpay', token, poNumber: poNumber() })) setFinancing(false);
  };
  const placeHosted = async (token: string) => {
    setHosted(null);
    await place({ paymentMethod: 'hostedpay', token, poNumber: poNumber() });
  };
  const placeCrypto = async (c: ProviderSession) => {
    if (await place({ paymentMethod: 'coinpay', token: c.token, poNumber: poNumber() }, c.redirectUrl))
      setCharge(null);
  };

  const p = company.data;
  const method = form.values.method;
  const refusal = providerError ?? (error?.during === 'checkout' ? error.message : null);
  const opening =
    hostedOpening.isLoading || cryptoOpening.isLoading || cardCheckoutOpening.isLoading || tokenizing;
  return (
    <>
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <Radio.Group label="Pay with" {...form.getInputProps('method')}>
            <Stack mt="xs" gap="xs">
              <Radio value="card" label="Card" />
              {p && p.sources.length > 0 && <Radio value="saved" label="Saved card" />}
              {p?.methods.includes('account') && <Radio value="account" label="On account" />}
              {/* The sandbox providers: offered where the server lets them take payments. */}
              {p?.methods.includes('finpay') && <Radio value="finpay" label="Financing (finpay)" />}
              {p?.methods.includes('hostedpay') && (
                <Radio value="hostedpay" label="Hosted checkout (hostedpay)" />
              )}
              {p?.methods.includes('coinpay') && <Radio value="coinpay" label="Crypto (coinpay)" />}
            </Stack>
          </Radio.Group>
          {method === 'card' && !onStripe && <CardFields inputProps={(field) => form.getInputProps(field)} />}
          {method === 'card' && onStripe && (
            <Text size="sm" c="dimmed">
              You enter your card on Stripe's secure payment page; the tires are held for you meanwhile.
            </Text>
          )}
          {method === 'saved' && p && (
            <Select
              label="Saved card"
              data={p.sources.map((s) => ({
                value: String(s.sourceId),
                label: `${s.brand} •••• ${s.last4} (${s.expMonth}/${s.expYear})`,
              }))}
              {...form.getInputProps('sourceId')}
            />
          )}
          {method === 'account' && p && (
            <Text size="sm">
              Net {p.paymentTermsDays} terms · available credit {money(p.availableCreditCents)} of{' '}
              {money(p.creditLimitCents)}
            </Text>
          )}
          {method === 'finpay' && (
            <Text size="sm" c="dimmed">
              You apply with finpay for the cart's total; the order is placed once finpay approves.
            </Text>
          )}
          {method === 'hostedpay' && (
            <Text size="sm" c="dimmed">
              You enter your card on hostedpay's secure page; the order is placed once it approves.
            </Text>
          )}
          {method === 'coinpay' && (
            <Select
              label="Currency"
              w={140}
              allowDeselect={false}
              data={[...currencies]}
              {...form.getInputProps('currency')}
            />
          )}
          <TextInput
            label={poRequired ? 'PO number' : 'PO number (optional)'}
            withAsterisk={poRequired}
            maxLength={60}
            w={240}
            {...form.getInputProps('poNumber')}
          />
          {refusal && !charge && !financing && (
            <Alert color="red" role="alert" title="Payment not completed">
              {refusal}
            </Alert>
          )}
          <Group>
            <Button type="submit" size="md" loading={checkoutLoading || opening}>
              {method === 'hostedpay'
                ? 'Continue to hostedpay'
                : method === 'card' && onStripe
                  ? 'Continue to payment'
                  : method === 'coinpay'
                    ? 'Pay with crypto'
                    : method === 'finpay'
                      ? 'Apply with finpay'
                      : 'Place order'}
            </Button>
          </Group>
        </Stack>
      </form>
      <FinancingModal
        opened={financing}
        totalCents={totalCents}
        placing={checkoutLoading}
        error={error?.during === 'checkout' ? error.message : null}
        onCancel={() => setFinancing(false)}
        onApproved={placeFinanced}
      />
      <HostedPaymentModal session={hosted} onCancel={() => setHosted(null)} onApproved={placeHosted} />
      <CryptoPaymentModal
        charge={charge}
        currency={form.values.currency}
        placing={checkoutLoading}
        error={error?.during === 'checkout' ? error.message : null}
        onCancel={() => setCharge(null)}
        onPlace={placeCrypto}
      />
    </>
  );
}
