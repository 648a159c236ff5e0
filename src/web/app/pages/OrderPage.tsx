import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import { Alert, Box, Button, Card, Grid, Group, Loader, Text } from '@mantine/core';
import { showToast } from '../../lib/toasts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { isCancelledOrder } from '../../../domain/order-status';
import { getCart } from '../../features/cart/cart.slice';
import { awaitsChain, CryptoPaymentPending } from '../../features/orders/CryptoPaymentPending';
import {
  formatDate,
  OrderItemsTable,
  paymentText,
  StatusBadge,
  TaxNote,
} from '../../features/orders/OrderBits';
import { useMyOrderQuery, useReorderMutation } from '../../features/orders/orders.api';
import { PayOrder } from '../../features/orders/PayOrder';
import { CardCheckoutReturn, type CheckoutReturn } from '../../features/orders/CardCheckoutReturn';
import { OrderTracking } from '../../features/logistics/OrderTracking';
import { ApprovalNotice } from '../../features/approvals/ApprovalNotice';
import { PromisedDay } from '../../features/delivery/ArrivesBy';
import { OrderDotCodes } from '../../features/inventory/OrderDotCodes';
import { ReviewInvitation } from '../../features/reviews/ReviewInvitation';
import { OrderAfterSales } from '../../features/aftersales/OrderAfterSales';
import { useCompanyPaymentQuery } from '../../features/cart/cart.api';
import { paths } from '../paths';
import { useAppDispatch } from '../../lib/store-hooks';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast';

const POLL_MS = 3000;

/** /orders/:id: one order of the company, with reorder. */
export function OrderPage() {
  const id = Number(useParams().id);
  // While a crypto charge waits for the chain the order is read again every 3 s: it shows paid
  // as soon as the provider's confirmation has arrived, without a reload.
  const [pollingInterval, setPollingInterval] = useState(0);
  const {
    data: order,
    isLoading,
    isError,
  } = useMyOrderQuery(id, { skip: !Number.isInteger(id), pollingInterval });
  const waiting = awaitsChain(order);
  // The company's payment settings say who takes cards: Stripe's page, or the sandbox's card form.
  const company = useCompanyPaymentQuery(undefined, { skip: !order });
  const onStripe = company.data?.cardProvider === 'stripe';
  const checkout = useSearchParams()[0].get('checkout');
  const back: CheckoutReturn = checkout === 'done' || checkout === 'cancelled' ? checkout : null;
  useEffect(() => setPollingInterval(waiting ? POLL_MS : 0), [waiting]);
  const [reorder, { isLoading: reordering }] = useMutationWithToast(useReorderMutation());
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const again = async () => {
    // The success colour depends on what was skipped, and the cart is read again before it shows.
    const res = await reorder(id, { failure: 'Could not reorder' });
    if (res.ok) {
      await dispatch(getCart());
      showToast({
        color: res.data.skipped.length ? 'yellow' : 'green',
        message: `${res.data.added} item(s) added to the cart`,
      });
      navigate(paths.checkout);
    }
  };
  return (
    <>
      <PageTitle title={order ? `Order ${order.number}` : 'Order'}>
        <Group>
          <Button component={Link} to={paths.orders} variant="default">
            All orders
          </Button>
          {order && (
            <Button onClick={again} loading={reordering}>
              Reorder
            </Button>
          )}
        </Group>
      </PageTitle>
      {isLoading && <Loader aria-label="Loading order" />}
      {isError && <Alert color="red">This order cannot be shown.</Alert>}
      {order && onStripe && back && (
        // Back from Stripe's page, what became of the payment comes first, also on a phone.
        <Box mb="md">
          <CardCheckoutReturn order={order} back={back} />
        </Box>
      )}
      {order && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder>
              <OrderItemsTable
                order={order}
                renderLineExtra={(itemId) => <OrderDotCodes orderId={order.orderId} orderItemId={itemId} />}
              />
            </Card>
            <ApprovalNotice orderId={order.orderId} />
            {/* A cancelled order ships nothing: no delivery to follow, no date to keep. */}
            {!isCancelledOrder(order.status) && <OrderTracking orderId={order.orderId} />}
            <ReviewInvitation orderId={order.orderId} status={order.status} />
            <OrderAfterSales order={order} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder>
              <Group mb="xs">
                <StatusBadge status={order.status} />
                <Text size="sm">placed {formatDate(order.placedAt)}</Text>
              </Group>
              <Text size="sm">
                For {order.buyerName}
                {order.placedByName && ` · placed by ${order.placedByName} of Tread`}
              </Text>
              <Text size="sm">Payment: {paymentText(order.paymentMethod, order.paymentStatus)}</Text>
              {order.poNumber && <Text size="sm">PO: {order.poNumber}</Text>}
              <Text size="sm">Deliver to ZIP {order.delivery.zip}</Text>
              {!isCancelledOrder(order.status) && <PromisedDay day={order.arrivesBy} />}
              <TaxNote order={order} />
              {order.trackingNumber && <Text size="sm">Tracking: {order.trackingNumber}</Text>}
              {order.subOrders.length > 0 && (
                <Text size="sm" mt="sm" c="dimmed">
                  {order.subOrders.length === 1
                    ? 'Ships in one shipment'
                    : `Ships in ${order.subOrders.length} shipments`}
                </Text>
              )}
            </Card>
            <CryptoPaymentPending order={order} />
            {onStripe ? (
              !back && <CardCheckoutReturn order={order} back={null} />
            ) : (
              <PayOrder order={order} savedCards={company.data?.sources ?? []} />
            )}
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
