// The quote as a PDF (pdfkit): the customer, each line's options side by side with their landed
// cost (excise tax, tire fee, services, tax), the totals per tier, the tax terms, the validity and
// the link to accept. Cost and floors never appear.
import PDFDocument from 'pdfkit';
import type { QuoteDetail, QuoteItem } from '../../../contract/quotes';
import { formatCents } from '../../../domain/money';
import { quoteTiers } from '../../../domain/quote-options';

const tierTitle = { good: 'Good', better: 'Better', best: 'Best' } as const;

function requestOf(item: QuoteItem) {
  if (item.vehicle)
    return `${item.vehicle.year} ${item.vehicle.make} ${item.vehicle.model} ${item.vehicle.option}`;
  return item.size ?? `MPN ${item.mpn}`;
}

/** The tax row's label: the state and combined rate, or the certificate that exempts the delivery. */
function taxLabel(q: QuoteDetail) {
  const { state, ratePpm, certificate } = q.tax;
  // The certificate itself is named under the totals: a tier's column is too narrow for it.
  if (certificate) return `Tax (${state} exempt)`;
  return state ? `Tax (${state} ${Number((ratePpm / 10_000).toFixed(4))} %)` : 'Tax';
}

export function renderQuotePdf(q: QuoteDetail, acceptUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = 40;
  const width = doc.page.width - 80;
  // The shop's name on the left, the quote's number and date on the right, on the same baseline.
  doc.font('Helvetica-Bold').fontSize(12).text(`Quote Q-${q.id}`, left, 48, { width, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Issued ${(q.finalizedAt ?? q.createdAt).slice(0, 10)}`, left, doc.y, { width, align: 'right' });
  doc.font('Helvetica').fontSize(20).text('Tread', left, 40);
  doc.moveDown(0.3);
  if (q.title) doc.font('Helvetica-Bold').fontSize(12).text(q.title, left);
  doc.font('Helvetica').fontSize(10);
  const to = q.delivery.installerName ? `mounted at ${q.delivery.installerName}, ZIP` : 'deliver to ZIP';
  doc.text(`For: ${q.companyName}, ${q.locationName} (${to} ${q.deliveryZip ?? ''})`, left);
  doc.text(`Requested by ${q.requesterName}${q.ownerName ? `; prepared by ${q.ownerName}` : ''}`);
  doc.text(`Valid until ${q.validUntil.slice(0, 10)}`);
  if (!q.finalizedAt)
    doc
      .fillColor('#c92a2a')
      .text('Draft: prices and stock are not final until the quote is finalized.')
      .fillColor('black');
  doc.moveDown();
  const col = width / 3;
  for (const item of q.items) {
    // An option block runs to about 15 rows (excise tax, fee, services and tax added): it stays on one page.
    if (doc.y > doc.page.height - 220) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(
        `Line ${item.position + 1}: ${item.quantity} × ${requestOf(item)}${item.roadHazard ? ', with road hazard' : ''}`,
        left,
      );
    doc.font('Helvetica').fontSize(9);
    const top = doc.y + 4;
    let bottom = top;
    for (const [i, tier] of quoteTiers.entries()) {
      const o = item.options.find((x) => x.tier === tier);
      const x = left + i * col;
      doc.font('Helvetica-Bold').text(tierTitle[tier], x, top, { width: col - 10 });
      doc.font('Helvetica');
      if (!o) doc.text('No option', x, doc.y, { width: col - 10 });
      else {
        doc.text(`${o.makeName} ${o.modelName}`, x, doc.y, { width: col - 10 });
        doc.text(`${o.size} ${o.loadIndex ?? ''}${o.speedIndex ?? ''}  (${o.skuCode})`, x, doc.y, {
          width: col - 10,
        });
        doc.text(`${formatCents(o.unitPriceCents)} per tire`, x, doc.y, { width: col - 10 });
        if (item.roadHazard)
          doc.text(`Road hazard ${formatCents(o.roadHazardUnitCents)} per tire`, x, doc.y, {
            width: col - 10,
          });
        doc.text(`Shipping ${formatCents(o.shippingCents)}`, x, doc.y, { width: col - 10 });
        for (const [label, unit] of [
          ['Federal excise tax', o.fetUnitCents],
          [`${q.tax.state ?? 'State'} tire fee`, o.tireFeeUnitCents],
          ['Installer services', o.servicesUnitCents],
        ] as const)
          if (unit > 0)
            doc.text(`${label} ${formatCents(unit)} × ${o.quantity}`, x, doc.y, { width: col - 10 });
        doc.text(`Tax ${formatCents(o.taxCents)}`, x, doc.y, { width: col - 10 });
        doc
          .font('Helvetica-Bold')
          .text(`Line total ${formatCents(o.lineTotalCents)}`, x, doc.y, { width: col - 10 });
        doc
          .font('Helvetica')
          .fillColor('#555')
          .text(o.reason, x, doc.y, { width: col - 10 })
          .fillColor('black');
      }
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 12;
    doc.x = left;
  }
  // The totals (nine rows a tier), the link and the terms: about 200 pt, kept together.
  if (doc.y > doc.page.height - 240) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(11).text('Totals if every line takes the same tier', left);
  doc.font('Helvetica').fontSize(9);
  const top = doc.y + 4;
  let bottom = top;
  for (const [i, tier] of quoteTiers.entries()) {
    const t = q.tierTotals[tier];
    const x = left + i * col;
    doc
      .font('Helvetica-Bold')
      .text(tierTitle[tier], x, top, { width: col - 10 })
      .font('Helvetica');
    if (t) {
      for (const [label, cents] of [
        ['Tires', t.subtotalCents],
        ['Discounts', -t.discountCents],
        ['Road hazard', t.roadHazardCents],
        ['Shipping', t.shippingCents],
        ['Federal excise tax', t.fetCents],
        [`${q.tax.state ?? 'State'} tire fee`, t.tireFeeCents],
        ['Installer services', t.servicesCents],
        [taxLabel(q), t.taxCents],
      ] as const)
        doc.text(`${label}: ${formatCents(cents)}`, x, doc.y, { width: col - 10 });
      // Delivered to an installer, the total is what the buyer pays to drive away on mounted tires.
      const total = q.delivery.kind === 'installer' ? 'Out-the-door total' : 'Total';
      doc
        .font('Helvetica-Bold')
        .text(`${total}: ${formatCents(t.totalCents)}`, x, doc.y, { width: col - 10 })
        .font('Helvetica');
    }
    bottom = Math.max(bottom, doc.y);
  }
  doc.y = bottom + 16;
  doc.x = left;
  doc.fontSize(10).text('Choose one option per line and accept the quote, signed in, at:', left);
  doc.fillColor('#1c7ed6').text(acceptUrl, { link: acceptUrl, underline: true }).fillColor('black');
  doc.moveDown(0.5).fontSize(8).fillColor('#555');
  const { certificate, state } = q.tax;
  if (certificate)
    doc.text(
      `Exempt from ${state} sales tax under ${certificate.kind} certificate ${certificate.number}.`,
      left,
    );
  doc.text(
    `Prices and held stock are guaranteed until the validity date. Sales tax, excise tax and the state's tire fee are at the rates in force on ${q.taxedOn}; the order is taxed at the rates of the day the quote is accepted.`,
    left,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
