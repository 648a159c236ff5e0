import type { FastifyInstance } from 'fastify';
import * as dist from '../../../contract/distributors';
import * as api from '../../../contract/logistics';
import * as orderStaff from '../../../contract/orders-staff';
import * as ship from '../../../contract/shipments';
import { trackingSecretOf } from '../../config';
import { AppError } from '../../http/errors';
import { rawBodyJson, rawBodyOf } from '../../http/raw-body-json';
import { route } from '../../http/route';
import {
  SIGNATURE_HEADER,
  signPayload,
  verifySignature,
} from '../../integrations/payments/webhook-signature';
import { setUnroutedUnitsHandler } from '../orders/orders.service';
import { setDistributorStockSource } from '../quotes/quotes.service';
import * as logistics from './logistics.service';

/** Fulfillments, labels, shipments, tracking and the courier sandboxes. */
export function logisticsRoutes(app: FastifyInstance) {
  route(app, orderStaff.updateShipping, ({ db, actor, params, body }) =>
    logistics.redirectOrderShipping(db, actor, params.id, body),
  );
  route(app, api.listFulfillments, ({ db, actor, query }) => logistics.listFulfillments(db, actor, query));
  route(app, api.proposeFulfillments, ({ db, actor, query }) =>
    logistics.proposeFulfillments(db, actor, query),
  );
  route(app, api.fulfillmentStatusList, () => logistics.fulfillmentStatusList());
  route(app, api.getFulfillment, ({ db, actor, params }) => logistics.getFulfillment(db, actor, params.id));
  route(app, api.fulfillmentRates, ({ db, actor, params }) =>
    logistics.fulfillmentRates(db, actor, params.id),
  );
  route(app, api.createFulfillment, ({ db, actor, body }) =>
    logistics.createFulfillment(db, actor, body.supplierLineIds),
  );
  route(app, api.chooseRate, ({ db, actor, body }) => logistics.chooseRate(db, actor, body));
  route(app, api.cancelFulfillment, ({ db, actor, params, body }) =>
    logistics.cancelFulfillment(db, actor, params.id, body.note),
  );
  route(app, api.generateLabel, ({ db, actor, body }) => logistics.generateLabel(db, actor, body));
  route(app, api.changeFulfillmentStatus, ({ db, actor, body }) =>
    logistics.changeFulfillmentStatus(db, actor, body),
  );
  route(app, api.changeFulfillmentAddress, ({ db, actor, params, body }) =>
    logistics.changeFulfillmentAddress(db, actor, params.id, body.address),
  );
  route(app, api.staffFulfillments, ({ db, actor, query }) => logistics.listFulfillments(db, actor, query));
  route(app, api.staffUpdateFulfillments, ({ db, actor, body }) =>
    logistics.staffUpdateFulfillments(db, actor, body.fulfillments),
  );
  route(app, api.printLabels, async ({ db, actor, query, reply }) => {
    const pdf = await logistics.printLabels(db, actor, query.ids);
    reply.type('application/pdf').header('content-disposition', 'inline; filename="labels.pdf"').send(pdf);
    return pdf;
  });
  route(app, api.convertOrder, ({ db, actor, body }) => logistics.convertOrder(db, actor, body.orderId));
  route(app, api.pickupAvailability, ({ db, actor, params, query }) =>
    logistics.pickupAvailability(db, actor, params.id, query.courier),
  );
  route(app, api.schedulePickup, ({ db, actor, body }) => logistics.schedulePickup(db, actor, body));
  route(app, api.cancelPickup, ({ db, actor, params }) => logistics.cancelPickup(db, actor, params.id));

  route(app, ship.listShipments, ({ db, actor, query }) => logistics.listShipments(db, actor, query));
  route(app, ship.shipmentStatusList, () => logistics.shipmentStatusList());
  route(app, ship.getShipment, ({ db, actor, params }) => logistics.getShipment(db, actor, params.id));
  route(app, ship.createShipment, ({ db, actor, body }) => logistics.createShipment(db, actor, body));
  route(app, ship.updateShipment, ({ db, actor, params, body }) =>
    logistics.updateShipment(db, actor, params.id, body),
  );
  route(app, ship.changeShipmentStatus, ({ db, actor, params, body }) =>
    logistics.changeShipmentStatus(db, actor, params.id, body.status, body.note),
  );
  route(app, ship.shipmentAction, ({ db, actor, params, body }) =>
    logistics.shipmentAction(db, actor, params.id, body.action, body.note),
  );
  route(app, ship.orderShipments, ({ db, actor, query }) => logistics.listShipments(db, actor, query));
  route(app, ship.orderLabels, ({ db, params }) => logistics.orderLabels(db, params.id));
  route(app, ship.myOrderDelivery, ({ db, actor, params }) => logistics.orderDelivery(db, actor, params.id));
  route(app, ship.trackingCouriers, () => logistics.trackingCouriers());
  route(app, ship.courierLocationsStorefront, ({ db, actor, params, query }) =>
    logistics.courierDepots(db, actor, params.courier, query.zip),
  );
  route(app, ship.courierLocationsVendor, ({ db, actor, params, query }) =>
    logistics.courierDepots(db, actor, params.courier, query.zip),
  );

  // The tracking service scans a parcel: the sandbox signs and sends its webhooks, as the real
  // service would, through the same route.
  route(app, ship.sandboxAdvanceTracking, async ({ db, config, body }) => {
    const { shipment, scans } = await logistics.scansToSend(db, body.trackingNumber, body.status, body.at);
    let sent = 0;
    for (const [i, scan] of scans.entries()) {
      const raw = JSON.stringify({
        id: `trk_${shipment.id}_${scan.status}_${scan.at.getTime()}_${i}`,
        type: 'tracking.update',
        data: {
          trackingNumber: shipment.trackingNumber,
          status: scan.status,
          location: null,
          at: scan.at.toISOString(),
        },
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks/trackhub',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signPayload(trackingSecretOf(config), raw),
        },
        payload: raw,
      });
      if (res.statusCode === 409) continue;
      if (res.statusCode !== 200)
        throw new AppError('conflict', `The tracking webhook was refused: ${res.body}`);
      if (res.json().applied) sent += 1;
    }
    const after = await logistics.scansToSend(db, body.trackingNumber);
    return { sent, status: after.shipment.status as (typeof ship.ShipmentStatus.options)[number] };
  });
  trackingWebhookRoute(app);
  distributorRoutes(app);
}

/**
 * The distributor sandboxes' vendor calls, sending units to them, their stock for quotes, and
 * the companies' automatic rule for units no warehouse can fill (orders' unrouted-units hook).
 */
function distributorRoutes(app: FastifyInstance) {
  setDistributorStockSource(logistics.distributorStock);
  setUnroutedUnitsHandler(logistics.sendUnroutedByRule);
  route(app, dist.tirewireOrder, ({ db, query }) =>
    logistics.listDistributorOrders(db, 'tirewire', query.orderId),
  );
  route(app, dist.tirewireLocations, () => logistics.distributorLocations('tirewire'));
  route(app, dist.tirewireStatuses, () => logistics.distributorStatusList());
  route(app, dist.rubberlineOrders, ({ db, query }) =>
    logistics.listDistributorOrders(db, 'rubberline', query.orderId),
  );
  route(app, dist.rubberlineOrder, ({ db, query }) =>
    logistics.distributorOrderByReference(db, 'rubberline', query.reference),
  );
  route(app, dist.wheelwayOrders, ({ db, query }) =>
    logistics.listDistributorOrders(db, 'wheelway', query.orderId),
  );
  route(app, dist.wheelwayOrder, ({ db, query }) =>
    logistics.distributorOrderByReference(db, 'wheelway', query.reference),
  );
  route(app, dist.distributorOffers, ({ db, params }) => logistics.offersForOrder(db, params.id));
  route(app, dist.sendToDistributor, ({ db, actor, params, body }) =>
    logistics.sendToDistributor(db, actor, params.id, body),
  );
  route(app, dist.cancelDistributorOrder, ({ db, params }) =>
    logistics.cancelDistributorOrder(db, params.id),
  );
  route(app, dist.sandboxShipDistributor, ({ db, actor, body }) =>
    logistics.advanceDistributorOrder(db, actor, body.reference, body.status, body.at),
  );
}

/** The signature covers the exact bytes sent: this scope keeps the raw body beside the parsed one. */
function trackingWebhookRoute(app: FastifyInstance) {
  app.register(async (scope) => {
    rawBodyJson(scope);
    route(scope, ship.trackingWebhook, async ({ db, config, req, body }) => {
      const signature = req.headers[SIGNATURE_HEADER];
      const check = verifySignature(
        trackingSecretOf(config),
        typeof signature === 'string' ? signature : undefined,
        rawBodyOf(req),
      );
      if (!check.ok) throw new AppError('unauthenticated', `Webhook refused: ${check.why}`);
      return { received: true as const, applied: await logistics.applyTrackingScan(db, body) };
    });
  });
}
