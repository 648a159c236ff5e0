import { inflateSync } from 'node:zlib';

/**
 * The texts a pdfkit PDF shows, in the order drawn: its content streams inflated, each TJ array's
 * hex strings joined (pdfkit writes the standard fonts' text as hex, split where it kerns). The
 * tests read invoices and quotes back through it to compare their figures with the API's.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const texts: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      texts.push(
        [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((h) => Buffer.from(h[1], 'hex').toString('latin1'))
          .join(''),
      );
  }
  return texts;
}
