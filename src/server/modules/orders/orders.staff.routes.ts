import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/orders-staff';
import * as editApi from '../../../contract/orders-staff-edit';
import * as supplierApi from '../../../contract/orders-supplier';
import {
  orderStatuses,
  orderTransitions,
  supplierLineStatuses,
  supplierLineTransitions,
} from '../../../domain/order-status';
import { orderPaymentStatuses, orderPaymentTransitions } from '../../../domain/payment-status';
import { transitionsOf } from '../../../domain/status-machine';
import { publicBaseUrl } from '../../http/public-url';
import { route } from '../../http/route';
import { orderAnalytics } from './orders.analytics';
import * as docs from './orders.documents';
import { createOrder } from './orders.create';
import * as edit from './orders.edit';
import * as items from './orders.items';
import * as pay from './orders.payment';
import * as staff from './orders.staff';
import { createSubOrder } from './orders.suborders';
import * as supplier from './orders.supplier';
import { orderDetail } from './orders.views';

/** The back-office order API (staff) and the suppliers' own lines. */
export function ordersStaffRoutes(app: FastifyInstance) {
  route(app, api.listOrders, ({ db, query }) => staff.listOrders(db, query));
  route(app, api.orderAnalytics, ({ db, query }) => orderAnalytics(db, query));
  route(app, api.listSupplierLines, ({ db, query }) => supplier.listLines(db, query));
  route(app, api.orderStatusList, () => ({
    statuses: [...orderStatuses],
    transitions: transitionsOf(orderTransitions),
    supplierLineStatuses: [...supplierLineStatuses],
    supplierLineTransitions: transitionsOf(supplierLineTransitions),
    paymentStatuses: [...orderPaymentStatuses],
    paymentTransitions: transitionsOf(orderPaymentTransitions),
  }));
  route(app, api.listOrderItemsAll, ({ db, query }) => staff.listItems(db, query));
  route(app, api.getOrder, async ({ db, params }) => {
    const detail = await orderDetail(db, params.id, true);
    return detail;
  });
  route(app, api.changeStatus, ({ db, actor, params, body }) =>
    staff.changeStatus(db, actor, params.id, body.status, body.note),
  );
  route(app, api.cancelOrder, ({ db, actor, params, body }) =>
    staff.cancelOrder(db, actor, params.id, body.note),
  );
  route(app, api.addComment, ({ db, actor, params, body }) =>
    staff.addComment(db, actor, params.id, body.body),
  );
  route(app, api.submitOrder, ({ db, actor, params }) => staff.submitOrder(db, actor, params.id));
  route(app, api.orderAction, ({ db, actor, params, body }) =>
    staff.orderAction(db, actor, params.id, body.action, body.note),
  );
  route(app, api.updatePayment, ({ db, actor, params, body }) =>
    pay.recordPaymentReceived(db, actor, params.id, body.note),
  );
  // PUT /order/{id}/shipping: the logistics module (it moves the open fulfillments with the order).
  route(app, api.checkoutOrder, ({ db, actor, params }) => pay.checkoutOnAccount(db, actor, params.id));
  route(app, api.orderInvoice, async ({ db, params, reply }) => {
    const pdf = await docs.invoicePdf(db, params.id);
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="invoice-${params.id}.pdf"`)
      .send(pdf);
    return pdf;
  });
  route(app, api.productReview, ({ db, config, params, req }) =>
    docs.productReview(db, params.id, publicBaseUrl(config, req)),
  );
  route(app, api.orderSupplierLines, async ({ db, params }) => ({
    list: (await orderDetail(db, params.id, true)).subOrders.flatMap((s) => s.lines),
  }));
  route(app, api.routeLine, ({ db, actor, params, body }) =>
    supplier.actOnLine(db, actor, params, 'route', body?.note),
  );
  for (const action of api.lineActions) {
    route(app, api.lineAction(action), ({ db, actor, params, body }) =>
      supplier.actOnLine(db, actor, params, action, body?.note),
    );
  }
  route(app, editApi.listItemsOfOrder, ({ db, params }) => edit.itemsOf(db, params.id));
  route(app, editApi.getItemOfOrder, ({ db, params }) => edit.itemOf(db, params.orderId, params.itemId));
  route(app, editApi.updateOrder, ({ db, params, body }) => edit.updateOrder(db, params.id, body.poNumber));
  route(app, editApi.deleteOrder, ({ db, params }) => edit.deleteOrder(db, params.id));
  route(app, editApi.createOrder, ({ db, actor, body }) => createOrder(db, actor, body));
  route(app, editApi.addItemToOrder, ({ db, actor, params, body }) =>
    items.addItem(db, actor, params.id, body),
  );
  route(app, editApi.updateItemOfOrder, ({ db, actor, params, body }) =>
    items.updateItem(db, actor, params.orderId, params.itemId, body),
  );
  route(app, editApi.deleteItemOfOrder, ({ db, actor, params }) =>
    items.deleteItem(db, actor, params.orderId, params.itemId),
  );
  route(app, editApi.createSubOrder, ({ db, actor, params, body }) =>
    createSubOrder(db, actor, params.id, body),
  );
  route(app, supplierApi.listFulfillments, ({ db, actor, query }) =>
    supplier.listFulfillments(db, actor, query),
  );
  route(app, supplierApi.updateFulfillments, ({ db, actor, body }) =>
    supplier.updateFulfillments(db, actor, body.lines),
  );
}
