// Shipping labels as a 4×6 inch PDF (pdfkit), one page per package, the tracking number as a
// Code 128 barcode (bwip-js): what a thermal label printer in a warehouse takes.
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

export interface LabelPage {
  trackingNumber: string;
  courier: string;
  service: string;
  from: { name: string; lines: string[] };
  to: { name: string; lines: string[] };
  weightLbs: number;
  packages: number;
  orderNumber: string;
  shipDate: string;
}

const WIDTH = 288;
const HEIGHT = 432;
const M = 14;

/** Every package of every label, in order, in one PDF (a batch prints in one go). */
export async function labelsPdf(labels: LabelPage[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: [WIDTH, HEIGHT], margin: M, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const label of labels) {
    const barcode = await bwipjs.toBuffer({
      bcid: 'code128',
      text: label.trackingNumber,
      scale: 3,
      height: 18,
      includetext: false,
    });
    for (let n = 1; n <= label.packages; n++) writePage(doc, label, barcode, n);
  }
  doc.end();
  return done;
}

function writePage(doc: PDFKit.PDFDocument, l: LabelPage, barcode: Buffer, n: number) {
  doc.addPage();
  const inner = WIDTH - 2 * M;
  doc
    .lineWidth(1.5)
    .rect(M / 2, M / 2, WIDTH - M, HEIGHT - M)
    .stroke();
  doc.font('Helvetica').fontSize(7).text('FROM:', M, M);
  doc.fontSize(8).text(l.from.name, M, M + 9, { width: inner / 2 });
  for (const line of l.from.lines) doc.text(line, { width: inner / 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(l.courier.toUpperCase(), M + inner / 2, M, { width: inner / 2, align: 'right' })
    .fontSize(10)
    .text(l.service.replace('_', '-').toUpperCase(), { width: inner / 2, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text(`SHIP DATE ${l.shipDate}`, { width: inner / 2, align: 'right' });
  doc
    .moveTo(M / 2, 82)
    .lineTo(WIDTH - M / 2, 82)
    .stroke();
  doc.font('Helvetica').fontSize(8).text('SHIP TO:', M, 90);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(l.to.name.toUpperCase(), M + 8, 102, { width: inner - 8 });
  for (const line of l.to.lines) doc.text(line.toUpperCase(), { width: inner - 8 });
  doc
    .moveTo(M / 2, 196)
    .lineTo(WIDTH - M / 2, 196)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`PKG ${n} OF ${l.packages}`, M, 204)
    .text(`${l.weightLbs} LBS TOTAL`, M, 204, { width: inner, align: 'right' });
  doc.font('Helvetica').fontSize(8).text(`REF: ORDER ${l.orderNumber}`, M, 220);
  doc
    .moveTo(M / 2, 236)
    .lineTo(WIDTH - M / 2, 236)
    .stroke();
  doc.font('Helvetica-Bold').fontSize(9).text('TRACKING #', M, 244);
  doc.fontSize(14).text(l.trackingNumber, M, 256, { width: inner, align: 'center' });
  doc.image(barcode, M + 6, 280, { fit: [inner - 12, 110], align: 'center', valign: 'center' });
  doc
    .font('Helvetica')
    .fontSize(7)
    .text('Tread sandbox courier label', M, HEIGHT - M - 10, { width: inner, align: 'center' });
}
