import type { FastifyInstance, FastifyReply } from 'fastify';
import * as shared from '../../../contract/aftersales';
import * as bills from '../../../contract/bills';
import * as claims from '../../../contract/claims';
import * as refunds from '../../../contract/refunds';
import * as returns from '../../../contract/returns';
import {
  billActions,
  billStatuses,
  billTransitions,
  claimActions,
  claimSettlements,
  claimStatuses,
  claimTransitions,
  refundStatuses,
  refundTransitions,
  returnActions,
  returnReasons,
  returnStatuses,
  returnTransitions,
} from '../../../domain/aftersales-status';
import { transitionsOf } from '../../../domain/status-machine';
import { photoUploads } from '../../http/photo-uploads';
import { route } from '../../http/route';
import * as service from './aftersales.service';

const pdf = (reply: FastifyReply, name: string, body: Buffer) => {
  reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(body);
  return body;
};

const webp = (reply: FastifyReply, body: Buffer) => {
  reply.type('image/webp').header('cache-control', 'private, max-age=3600').send(body);
  return body;
};

export function aftersalesRoutes(app: FastifyInstance) {
  const threshold = app.config.REFUND_APPROVAL_THRESHOLD_CENTS;

  // Returns.
  route(app, returns.listReturns, ({ db, actor, query }) => service.listReturns(db, actor, query));
  route(app, returns.returnStatusList, () => ({
    data: {
      statuses: [...returnStatuses],
      transitions: transitionsOf(returnTransitions),
      reasons: [...returnReasons],
      actions: [...returnActions],
    },
  }));
  route(app, returns.createReturn, async ({ db, actor, body: { orderId, ...input } }) => ({
    data: await service.openReturn(db, actor, orderId, input),
  }));
  route(app, returns.createOrderReturn, async ({ db, actor, params, body }) => ({
    data: await service.openReturn(db, actor, params.id, body),
  }));
  route(app, returns.getReturn, async ({ db, actor, params }) => ({
    data: await service.getReturn(db, actor, params.id),
  }));
  route(app, returns.updateReturn, async ({ db, actor, params, body }) => ({
    data: await service.updateReturn(db, actor, params.id, body),
  }));
  route(app, returns.addReturnLog, async ({ db, actor, params, body }) => ({
    data: await service.commentOnReturn(db, actor, params.id, body.note),
  }));
  route(app, returns.addReturnItem, async ({ db, actor, params, body }) => ({
    data: await service.addReturnItem(db, actor, params.id, body),
  }));
  route(app, returns.updateReturnItem, async ({ db, actor, params, body }) => ({
    data: await service.updateReturnItem(db, actor, params.id, params.itemId, body.quantity),
  }));
  route(app, returns.changeReturnStatus, async ({ db, actor, params, body }) => ({
    data: await service.changeReturnStatus(db, actor, params.id, body.status, body.note),
  }));
  route(app, returns.returnAction, async ({ db, actor, params, body }) => ({
    data: await service.actOnReturn(db, actor, params.id, body),
  }));
  route(app, returns.returnDocument, async ({ db, actor, params, reply }) =>
    pdf(reply, `rma-${params.id}.pdf`, await service.returnAuthorizationPdf(db, actor, params.id)),
  );
  route(app, returns.returnLabel, async ({ db, actor, params, reply }) =>
    pdf(reply, `return-label-${params.id}.pdf`, await service.returnLabelPdf(db, actor, params.id)),
  );
  route(app, returns.uploadReturnPhotos, async ({ db, config, actor, params, req }) => {
    await service.addReturnPhotos(
      db,
      config,
      actor,
      params.id,
      params.itemId,
      await photoUploads(req, service.MAX_PHOTOS),
    );
    return { data: await service.getReturn(db, actor, params.id) };
  });
  route(app, returns.returnPhotoFile, async ({ db, config, actor, params, reply }) =>
    webp(reply, await service.returnPhotoFile(db, config, actor, params.id, params.name)),
  );

  // Claims.
  route(app, claims.listClaims, ({ db, actor, query }) => service.listClaims(db, actor, query));
  route(app, claims.claimStatusList, () => ({
    data: {
      statuses: [...claimStatuses],
      transitions: transitionsOf(claimTransitions),
      actions: [...claimActions],
      settlements: [...claimSettlements],
    },
  }));
  route(app, claims.getClaim, async ({ db, actor, params }) => ({
    data: await service.getClaim(db, actor, params.id),
  }));
  route(app, claims.createClaim, async ({ db, actor, body }) => ({
    data: await service.createClaim(db, actor, body),
  }));
  route(app, claims.updateClaim, async ({ db, actor, params, body }) => ({
    data: await service.updateClaim(db, actor, params.id, body),
  }));
  route(app, claims.cancelClaim, async ({ db, actor, params, body }) => ({
    data: await service.cancelClaim(db, actor, params.id, body.note),
  }));
  route(app, claims.claimAction, async ({ db, actor, params, body }) => ({
    data: await service.actOnClaim(db, actor, threshold, params.id, body),
  }));
  route(app, claims.uploadClaimPhotos, async ({ db, config, actor, params, req }) => {
    await service.addClaimPhotos(db, config, actor, params.id, await photoUploads(req, service.MAX_PHOTOS));
    return { data: await service.getClaim(db, actor, params.id) };
  });
  route(app, claims.claimPhotoFile, async ({ db, config, actor, params, reply }) =>
    webp(reply, await service.claimPhotoFile(db, config, actor, params.id, params.name)),
  );

  // Refunds and their vendor records.
  route(app, shared.previewRefund, async ({ db, actor, params, body }) => ({
    data: await service.previewRefund(db, actor, threshold, params.id, body),
  }));
  route(app, shared.buyerInvoice, async ({ db, actor, params, reply }) =>
    pdf(reply, `invoice-${params.id}.pdf`, await service.buyerInvoicePdf(db, actor, params.id)),
  );
  route(app, refunds.listRefunds, ({ db, actor, query }) => service.listRefunds(db, actor, query));
  route(app, refunds.refundStatusList, () => ({
    data: {
      statuses: [...refundStatuses],
      transitions: transitionsOf(refundTransitions),
      approvalThresholdCents: threshold,
    },
  }));
  route(app, refunds.changeRefundStatus, async ({ db, actor, body }) => ({
    data: await service.changeRefundStatus(db, actor, body),
  }));
  route(app, refunds.getRefund, async ({ db, actor, params }) => ({
    data: await service.getRefund(db, actor, params.id),
  }));
  route(app, refunds.createRefund, async ({ db, actor, body }) => ({
    data: await service.createRefund(db, actor, threshold, body),
  }));
  route(app, refunds.updateRefund, async ({ db, actor, params, body }) => ({
    data: await service.updateRefund(db, actor, params.id, body),
  }));
  route(app, refunds.addVendorRecord, async ({ db, actor, params, body }) => ({
    data: await service.addVendorRecord(db, actor, params.id, body),
  }));
  route(app, refunds.updateVendorRecord, async ({ db, actor, params, body }) => ({
    data: await service.updateVendorRecord(db, actor, params.id, body),
  }));
  route(app, refunds.deleteVendorRecord, async ({ db, actor, params, body }) => ({
    data: await service.deleteVendorRecord(db, actor, params.id, body.vendorId),
  }));
  route(app, refunds.createVendorRecords, async ({ db, actor, params }) => ({
    data: await service.createVendorRecords(db, actor, params.id),
  }));
  route(app, refunds.deleteOrderVendorRecords, async ({ db, actor, params }) => ({
    data: await service.deleteOrderVendorRecords(db, actor, params.id),
  }));
  route(app, refunds.listSupplierVendorRecords, ({ db, actor, query }) =>
    service.listSupplierVendorRecords(db, actor, query),
  );

  // Bills.
  route(app, bills.listBills, ({ db, actor, query }) => service.listBills(db, actor, query));
  route(app, bills.billStatusList, () => ({
    data: {
      statuses: [...billStatuses],
      transitions: transitionsOf(billTransitions),
      actions: [...billActions],
    },
  }));
  route(app, bills.getBill, async ({ db, actor, params }) => ({
    data: await service.getBill(db, actor, params.id),
  }));
  route(app, bills.createBill, async ({ db, actor, body }) => ({
    data: await service.createBill(db, actor, body),
  }));
  route(app, bills.updateBill, async ({ db, actor, params, body }) => ({
    data: await service.updateBill(db, actor, params.id, body),
  }));
  route(app, bills.billAction, async ({ db, actor, params, body }) => ({
    data: await service.actOnBill(db, actor, params.id, body.action, body.note),
  }));
  route(app, bills.deleteBillItem, async ({ db, actor, params }) => ({
    data: await service.deleteBillItem(db, actor, params.id, params.itemId),
  }));
  route(app, bills.billCsv, async ({ db, actor, params, reply }) => {
    const csv = await service.billCsv(db, actor, params.id);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csv.name}"`)
      .send(csv.body);
    return csv.body;
  });
}
