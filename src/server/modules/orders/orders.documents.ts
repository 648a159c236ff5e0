import { hasArrived } from '../../../domain/order-status';
import PDFDocument from 'pdfkit';
import { formatCents, netUnitCents } from '../../../domain/money';
import type { OrderDetail } from '../../../contract/order-shapes';
import type { Db } from '../../db/connection';
import { conflict } from '../../http/errors';
import { orderDetail } from './orders.views';

/** The invoice of an order as a PDF (pdfkit), lines and totals in the order's currency. */
export async function invoicePdf(db: Db, orderId: number): Promise<Buffer> {
  const order = await orderDetail(db, orderId, true);
  const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  writeInvoice(doc, order);
  doc.end();
  return done;
}

function writeInvoice(doc: PDFKit.PDFDocument, o: OrderDetail) {
  doc
    .fontSize(20)
    .text('Tread', { continued: true })
    .fontSize(12)
    .text(`   Invoice ${o.number}`, { align: 'right' });
  doc.moveDown();
  doc.fontSize(10).text(`Bill to: ${o.companyName}`);
  doc.text(`Date: ${o.placedAt?.slice(0, 10) ?? ''}`);
  if (o.poNumber) doc.text(`PO: ${o.poNumber}`);
  doc.text(
    `Deliver to ZIP: ${o.delivery.zip ?? ''}   Payment: ${o.paymentMethod ?? ''} (${o.paymentStatus})`,
  );
  doc.moveDown();
  for (const i of o.orderItems) {
    doc.text(
      `${i.orderItemQuantity} x ${i.makeName} ${i.modelName} ${i.size} (${i.skuCode}) @ ${formatCents(netUnitCents(i))}${
        i.orderItemRoadHazard ? ` + road hazard ${formatCents(i.roadHazardUnitCents)}` : ''
      }   ${formatCents(i.lineTotalCents)}`,
    );
  }
  doc.moveDown();
  const t = o.totals;
  for (const [label, cents] of [
    ['Subtotal', t.subtotalCents],
    ['Discounts', -t.discountCents],
    ['Road hazard', t.roadHazardCents],
    ['Shipping', t.shippingCents],
    ['Tax', t.taxCents],
    ['Total', t.totalCents],
  ] as const) {
    doc.text(`${label}: ${formatCents(cents)}`, { align: 'right' });
  }
}

/** Who to ask for a review of which tires, once the order has arrived. */
export async function productReview(db: Db, orderId: number, publicUrl: string) {
  const o = await orderDetail(db, orderId, true);
  if (!hasArrived(o.status)) throw conflict(`A review is requested once delivered; the order is ${o.status}`);
  return {
    email: null,
    products: o.orderItems.map((i) => ({
      productId: i.orderItemProductId,
      description: `${i.makeName} ${i.modelName} ${i.size}`,
      reviewUrl: `${publicUrl}/reviews/new?product=${i.orderItemProductId}&order=${o.orderId}`,
    })),
  };
}
