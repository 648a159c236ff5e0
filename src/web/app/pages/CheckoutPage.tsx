import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Code,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { CartLines, CartTotals } from '../../features/cart/CartLines';
import { DeliveryChoice } from '../../features/cart/DeliveryChoice';
import { PaymentForm } from '../../features/cart/PaymentForm';
import { getCart } from '../../features/cart/cart.slice';
import { useCompanyPaymentQuery } from '../../features/cart/cart.api';
import { RequestQuoteLink } from '../../features/quotes/RequestQuoteLink';
import { CartArrivals } from '../../features/delivery/ArrivesBy';
import { CartLineUnit } from '../../features/fleet/CartLineUnit';
import { CheckoutSpending } from '../../features/approvals/CheckoutSpending';
import { paths } from '../paths';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { money } from '../../lib/format';
import { isPendingPayment } from '../../../domain/payment-status';

/** /checkout: the cart, delivery, totals and payment; reached from the basket icon. */
export function CheckoutPage() {
  const dispatch = useAppDispatch();
  const { cart, loading, error, lastPlaced, lastPayTo } = useAppSelector((s) => s.cart);
  const onStripe = useCompanyPaymentQuery().data?.cardProvider === 'stripe';
  useEffect(() => {
    dispatch(getCart());
  }, [dispatch]);

  if (lastPlaced && (!cart || cart.orderItems.length === 0)) {
    return (
      <>
        <PageTitle title="Order placed" />
        {lastPlaced.status === 'awaiting_approval' ? (
          <Alert color="grape" title={`Order ${lastPlaced.number} waits for approval`} role="status">
            Total {money(lastPlaced.totalCents)}. Its tires are held and nothing is charged until a company
            approver approves it; you get an e-mail either way.{' '}
            <Anchor component={Link} to={`${paths.orders}/${lastPlaced.orderId}`}>
              Follow the order
            </Anchor>
          </Alert>
        ) : (
          <Alert color="green" title={`Thank you: order ${lastPlaced.number}`} role="status">
            Total {money(lastPlaced.totalCents)}, payment {lastPlaced.paymentStatus.replace('_', ' ')}.{' '}
            <Anchor component={Link} to={paths.orders}>
              See your orders
            </Anchor>
          </Alert>
        )}
        {onStripe && lastPlaced.paymentMethod === 'card' && isPendingPayment(lastPlaced.paymentStatus) && (
          <Alert color="blue" mt="md" title="Opening the card payment page" role="status">
            <Group gap="xs" wrap="nowrap">
              <Loader size="xs" aria-hidden />
              <Text size="sm">
                Taking you to Stripe to pay {money(lastPlaced.totalCents)}. If nothing happens,{' '}
                <Anchor component={Link} to={`${paths.orders}/${lastPlaced.orderId}`}>
                  pay from the order page
                </Anchor>
                .
              </Text>
            </Group>
          </Alert>
        )}
        {isPendingPayment(lastPlaced.paymentStatus) && lastPayTo && (
          <Alert color="yellow" mt="md" title="Waiting for your payment">
            <Text size="sm">
              Send {money(lastPlaced.totalCents)} to the payment address below. The order ships once the
              network confirms it.
            </Text>
            <Code block mt="xs" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {lastPayTo}
            </Code>
            <Anchor
              component={Link}
              to={`${paths.orders}/${lastPlaced.orderId}`}
              size="sm"
              mt="xs"
              display="block"
            >
              Follow the payment on the order page
            </Anchor>
          </Alert>
        )}
      </>
    );
  }
  return (
    <>
      <PageTitle title="Checkout" />
      {error && error.during !== 'checkout' && (
        <Alert color="red" role="alert" mb="md">
          {error.message}
        </Alert>
      )}
      {!cart && loading && <Loader aria-label="Loading cart" />}
      {cart && cart.orderItems.length === 0 && (
        <Stack align="start">
          <Text>Your cart is empty.</Text>
          <Button component={Link} to={paths.home} variant="light">
            Find tires
          </Button>
        </Stack>
      )}
      {cart?.orderId && cart.orderItems.length > 0 && (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Card withBorder mb="md">
              <CartLines cart={cart} renderLineExtra={(id) => <CartLineUnit orderItemId={id} />} />
              <RequestQuoteLink fromCart />
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Delivery
              </Title>
              <DeliveryChoice cart={cart} />
              <CartArrivals cart={cart} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Card withBorder mb="md">
              <CartTotals cart={cart} />
            </Card>
            <Box mb="md">
              <CheckoutSpending totalCents={cart.totals.totalCents} />
            </Box>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Payment
              </Title>
              <PaymentForm orderId={cart.orderId} totalCents={cart.totals.totalCents} />
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
