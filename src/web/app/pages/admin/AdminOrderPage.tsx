import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import { Alert, Button, Card, Grid, Loader, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { can } from '../../../../domain/roles';
import { PageTitle } from '../../../components/PageTitle';
import { warehousePicker } from '../../../features/inventory/inventory.api';
import { DistributorPanel } from '../../../features/logistics/DistributorPanel';
import { OrderItemsTable, OrderLog, OrderPayments, TaxNote } from '../../../features/orders/OrderBits';
import { OrderComments } from '../../../features/orders/OrderComments';
import { OrderPaymentActions } from '../../../features/orders/OrderPaymentActions';
import { useStaffOrderQuery } from '../../../features/orders/orders.api';
import { StatusPanel } from '../../../features/orders/StatusPanel';
import { SupplierLines } from '../../../features/orders/SupplierLines';
import { useSavedCardsQuery } from '../../../features/payments/payments.api';
import { SavedCards } from '../../../features/payments/SavedCards';
import { useAppSelector } from '../../../lib/store-hooks';

/**
 * /admin/orders/:id: items, supplier lines and their actions, status, payments, comments, log,
 * invoice. Payments are taken with the customer's saved cards (the payments feature) and units
 * are routed to the inventory feature's warehouses.
 */
export function AdminOrderPage() {
  const id = Number(useParams().id);
  const { data: order, isLoading, isError } = useStaffOrderQuery(id);
  const role = useAppSelector((s) => s.session.user?.role);
  const canTakeMoney = !!role && can(role, 'finance');
  const owner = order && { companyId: order.companyId, staff: true };
  const cards = useSavedCardsQuery(owner ?? { companyId: 0, staff: true }, { skip: !owner || !canTakeMoney });
  return (
    <>
      <PageTitle title={order ? `Order ${order.number} · ${order.companyName}` : 'Order'}>
        <Button component={Link} to="/admin/orders" variant="default">
          All orders
        </Button>
      </PageTitle>
      {isLoading && <Loader aria-label="Loading order" />}
      {isError && <Alert color="red">This order cannot be shown.</Alert>}
      {order && owner && (
        // Beside the console navigation the page is narrow: the status panel goes above the
        // tables until the screen is wide enough for both columns, so nothing is squeezed or clipped.
        <Grid>
          <Grid.Col span={{ base: 12, xl: 8 }} order={{ base: 2, xl: 1 }}>
            <Card withBorder mb="md">
              <OrderItemsTable order={order} />
              <TaxNote order={order} />
            </Card>
            <Card withBorder mb="md">
              <Title order={2} size="h4" mb="sm">
                Suppliers
              </Title>
              <SupplierLines order={order} warehouses={warehousePicker} />
            </Card>
            <Card withBorder mb="md">
              <Title order={2} size="h4" mb="sm">
                Distributors
              </Title>
              <DistributorPanel
                orderId={order.orderId}
                skuOf={(id) => order.orderItems.find((i) => i.orderItemId === id)?.skuCode ?? `item ${id}`}
              />
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Log
              </Title>
              <OrderLog order={order} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, xl: 4 }} order={{ base: 1, xl: 2 }}>
            <Card withBorder mb="md">
              <StatusPanel order={order} />
            </Card>
            <Card withBorder mb="md">
              <Title order={2} size="h4" mb="sm">
                Payments
              </Title>
              <OrderPayments order={order} />
              <OrderPaymentActions
                order={order}
                canTakeMoney={canTakeMoney}
                savedCards={cards.data?.sources ?? []}
                addCard={<SavedCards owner={owner} canEdit />}
              />
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Comments
              </Title>
              <OrderComments order={order} />
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
