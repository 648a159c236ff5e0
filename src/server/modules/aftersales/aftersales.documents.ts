// Documents of after-sales: the return authorization (PDF with the RMA number as a Code 128
// barcode), the courier return labels (made by logistics) and the buyer's invoice.
import { isShippableReturn } from '../../../domain/aftersales-status';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { Return } from '../../../contract/returns';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict } from '../../http/errors';
import * as logistics from '../logistics/logistics.service';
import * as orders from '../orders/orders.service';
import { getReturn } from './aftersales.return-views';

const reasonText: Record<Return['reason'], string> = {
  wrong_size: 'Wrong size',
  not_needed: 'Not needed',
  damaged_in_transit: 'Damaged in transit',
  defective: 'Defective',
};

/** A return the buyer may ship: approved and not yet settled. */
async function shippableReturn(db: Db, actor: Actor, id: number, what: string) {
  const r = await getReturn(db, actor, id);
  if (!isShippableReturn(r.status))
    throw conflict(`A ${what} is issued once the return is approved; it is ${r.status}`, {
      reason: 'not_approved',
    });
  return r;
}

/** The return authorization the buyer prints and puts in the package; only once approved. */
export async function returnAuthorizationPdf(db: Db, actor: Actor, id: number): Promise<Buffer> {
  const r = await shippableReturn(db, actor, id, 'return authorization');
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: r.number,
    scale: 3,
    height: 12,
    includetext: true,
  });
  const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc
    .fontSize(20)
    .text('Tread', { continued: true })
    .fontSize(12)
    .text('   Return authorization', { align: 'right' });
  doc.moveDown();
  doc.image(barcode, { fit: [260, 90] });
  doc.moveDown();
  doc.fontSize(14).text(r.number);
  doc.fontSize(10).text(`Order ${r.orderNumber}   ${r.companyName}`);
  doc.text(`Reason: ${reasonText[r.reason]}`);
  doc.text(`Ship to: ${r.shipTo ?? 'the warehouse named by support'}`);
  doc.moveDown();
  for (const i of r.items) doc.text(`${i.quantity} × ${i.description} (${i.skuCode})`);
  doc.moveDown();
  doc.text(
    'Write the RMA number on every tire and on the outside of the package. Units that arrive without it may be refused.',
    {
      width: 500,
    },
  );
  doc.end();
  return done;
}

/** The courier labels that take the returned tires back to the warehouses that shipped them. */
export async function returnLabelPdf(db: Db, actor: Actor, id: number): Promise<Buffer> {
  const r = await shippableReturn(db, actor, id, 'return label');
  return logistics.returnLabelsPdf(db, {
    returnId: r.returnId,
    rmaNumber: r.number,
    orderId: r.orderId,
    items: r.items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantity })),
  });
}

/** A buyer downloads the invoice of an order of its own company (the staff invoice, scoped). */
export async function buyerInvoicePdf(db: Db, actor: Actor, orderId: number) {
  await orders.getMyOrder(db, actor, orderId);
  return orders.invoicePdf(db, orderId);
}
