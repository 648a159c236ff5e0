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

/** What the tax line says: the state and rate, or the certificate that exempted the order. */
function taxLabel(o: OrderDetail) {
  const { tax } = o;
  if (tax.certificate)
    return `Tax (${tax.state} exempt, ${tax.certificate.kind} certificate ${tax.certificate.number})`;
  if (!tax.state) return 'Tax';
  return `Tax (${tax.state} ${Number((tax.ratePpm / 10_000).toFixed(4))} %)`;
}

/** Columns of the invoice's lines: x and width in points, on a letter page with 50 pt margins. */
const cols = {
  tire: [50, 190],
  qty: [240, 30],
  unit: [270, 60],
  fet: [330, 50],
  fee: [380, 45],
  shipping: [425, 50],
  tax: [475, 40],
  total: [515, 47],
} as const;

function row(doc: PDFKit.PDFDocument, cells: Record<keyof typeof cols, string>, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  let bottom = y;
  for (const [key, [x, width]] of Object.entries(cols)) {
    doc.text(cells[key as keyof typeof cols], x, y, { width, align: key === 'tire' ? 'left' : 'right' });
    bottom = Math.max(bottom, doc.y);
  }
  doc.x = 50;
  doc.y = bottom + 4;
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
    `Deliver to ZIP: ${o.delivery.zip ?? ''}${o.tax.state ? ` (${o.tax.state})` : ''}   Payment: ${o.paymentMethod ?? ''} (${o.paymentStatus})`,
  );
  if (o.tax.certificate)
    doc.text(
      `Exempt from ${o.tax.state} sales tax: ${o.tax.certificate.kind} certificate ${o.tax.certificate.number}`,
    );
  doc.moveDown();
  doc.fontSize(8);
  row(
    doc,
    {
      tire: 'Tire',
      qty: 'Qty',
      unit: 'Unit',
      fet: 'FET/tire',
      fee: 'Fee/tire',
      shipping: 'Shipping',
      tax: 'Tax',
      total: 'Line',
    },
    true,
  );
  for (const i of o.orderItems) {
    const extras = [
      i.orderItemRoadHazard && `road hazard ${formatCents(i.roadHazardUnitCents)}/tire`,
      i.servicesUnitCents > 0 && `installation ${formatCents(i.servicesUnitCents)}/tire`,
    ].filter(Boolean);
    const q = i.orderItemQuantity;
    // The line's whole charge: tires and cover, excise tax, fee, services, its shipping and its tax.
    const line =
      i.lineTotalCents +
      q * (i.fetUnitCents + i.tireFeeUnitCents + i.servicesUnitCents) +
      i.shippingCents +
      i.taxCents;
    row(doc, {
      tire: `${i.makeName} ${i.modelName} ${i.size} (${i.skuCode})${extras.length ? `\n+ ${extras.join(', ')}` : ''}`,
      qty: String(q),
      unit: formatCents(netUnitCents(i)),
      fet: formatCents(i.fetUnitCents),
      fee: formatCents(i.tireFeeUnitCents),
      shipping: formatCents(i.shippingCents),
      tax: formatCents(i.taxCents),
      total: formatCents(line),
    });
  }
  doc.moveDown();
  doc.fontSize(10).font('Helvetica');
  const t = o.totals;
  for (const [label, cents] of [
    ['Subtotal', t.subtotalCents],
    ['Discounts', -t.discountCents],
    ['Road hazard', t.roadHazardCents],
    ['Federal excise tax', t.fetCents],
    [o.tax.state ? `${o.tax.state} tire fee` : 'State tire fee', t.tireFeeCents],
    ['Installer services', t.servicesCents],
    ['Shipping', t.shippingCents],
    [taxLabel(o), t.taxCents],
    ['Total', t.totalCents],
  ] as const) {
    doc
      .font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica')
      .text(`${label}: ${formatCents(cents)}`, 50, doc.y, {
        align: 'right',
        width: 512,
      });
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
