// Sending a finalized quote to the customer (PDF through the outbox, links from PUBLIC_URL) and
// the customer's answer: accepting one option per line, which places an order at exactly the
// quoted total (prices, shipping, and tax and fees as the quote shows them), or declining. Both
// release the stock the quote held.
import { assertQuoteTransition, canExpire, type QuoteStatus } from '../../../domain/quote-status';
import { isStaff } from '../../../domain/roles';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { queueEmail } from '../../integrations/email/outbox';
import { formatCents } from '../../../domain/money';
import { placeQuotedOrder } from '../orders/orders.service';
import {
  assertWorker,
  canWorkQuotes,
  lockVisibleQuote,
  moveQuote,
  releaseQuoteHolds,
} from './quotes.lifecycle';
import { deliveryOf, quoteLanded } from './quotes.landed';
import { renderQuotePdf } from './quotes.pdf';
import * as optionsRepo from './quotes.options.repository';
import * as repo from './quotes.repository';
import { quoteDetail } from './quotes.views';

/** Links in mails and documents: the configured public address, never the request's Host. */
export function publicUrl(config: Config) {
  return config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${config.PORT}`;
}

const acceptUrlOf = (config: Config, id: number) => `${publicUrl(config)}/quotes/${id}`;

/** The quote as a PDF for its reader (staff, or the buyer's company). */
export async function quotePdf(db: Db, actor: Actor, config: Config, id: number) {
  return renderQuotePdf(await quoteDetail(db, actor, id), acceptUrlOf(config, id));
}

/** The requester when a customer asked, else the company's address. */
async function recipientOf(db: DbOrTx, quote: repo.QuoteRow, to: string | undefined) {
  if (to) return to;
  const requester = await repo.userName(db, quote.requesterUserId);
  if (requester?.email && quote.requesterUserId !== quote.ownerUserId) return requester.email;
  throw badRequest('Give the address to send the quote to', [{ pointer: '/body/to', detail: 'is required' }]);
}

/** Sends a finalized quote (again, if need be): the PDF attached, links to it and to accept. */
export async function emailQuote(db: Db, actor: Actor, config: Config, id: number, to?: string) {
  assertWorker(actor);
  const pdf = await quotePdf(db, actor, config, id);
  await db.transaction(async (tx) => {
    const quote = await lockVisibleQuote(tx, actor, id);
    const address = await recipientOf(tx, quote, to);
    const link = acceptUrlOf(config, id);
    const detail = await quoteDetail(tx, actor, id);
    await moveQuote(tx, quote, 'sent', actor.userId, `E-mailed to ${address}`, { sentAt: new Date() });
    await queueEmail(tx, {
      to: address,
      subject: `Your Tread quote Q-${id}${quote.title ? `: ${quote.title}` : ''}`,
      text: [
        `Hello,`,
        '',
        `Your quote Q-${id} for ${detail.companyName} is ready: ${detail.lineCount} lines, ${detail.tireCount} tires, good, better and best options for each line.`,
        `Prices and stock are held until ${detail.validUntil.slice(0, 10)}.`,
        '',
        `Choose your options and accept it here (sign in first): ${link}`,
        '',
        'The quote is attached as a PDF.',
      ].join('\n'),
      kind: 'quote',
      meta: {
        quoteId: id,
        link,
        attachments: [
          {
            filename: `quote-Q-${id}.pdf`,
            contentType: 'application/pdf',
            content: pdf.toString('base64'),
            encoding: 'base64',
          },
        ],
      },
    });
  });
  return { data: await quoteDetail(db, actor, id) };
}

/** Every line gets exactly one of its own options; anything else is a 400 naming the choice. */
function chosenOptions(items: repo.QuoteItemRow[], options: optionsRepo.QuoteOptionRow[], choices: Choice[]) {
  return items.map((item) => {
    const mine = choices.filter((c) => c.itemId === item.id);
    const at = choices.findIndex((c) => c.itemId === item.id);
    const option = options.find((o) => o.id === mine[0]?.optionId && o.itemId === item.id);
    if (mine.length !== 1 || !option)
      throw badRequest(`Choose one option of line ${item.position + 1}`, [
        {
          pointer: `/body/choices${at >= 0 ? `/${at}/optionId` : ''}`,
          detail: `choose one option of line ${item.position + 1}`,
        },
      ]);
    return { item, option };
  });
}

type Choice = { itemId: number; optionId: number };

/**
 * The buyer accepts one option per line: the quote's holds are released and, in the same
 * transaction, an order is placed for the buyer at exactly the quoted prices and shipping, taxed
 * at the rates in force today as the quote shows them today (unpaid, its units held as for any
 * order awaiting payment). A total the buyer saw that is no longer the quote's is refused.
 */
export async function acceptQuote(
  db: Db,
  actor: Actor,
  id: number,
  choices: Choice[],
  expectedTotalCents?: number,
) {
  if (isStaff(actor.role)) throw forbidden('The customer accepts a quote');
  const orderId = await db.transaction(async (tx) => {
    const quote = await lockVisibleQuote(tx, actor, id);
    if (quote.validUntil < new Date() && canExpire(quote.status))
      throw conflict('This quote has expired', { quoteStatus: quote.status });
    assertQuoteTransition(quote.status as QuoteStatus, 'accepted');
    const items = await repo.itemsOf(tx, id);
    const views = await optionsRepo.optionsOf(tx, id);
    if (choices.some((c) => !items.some((i) => i.id === c.itemId)))
      throw badRequest('A choice names a line of another quote', [
        { pointer: '/body/choices', detail: 'unknown line' },
      ]);
    const chosen = chosenOptions(
      items,
      views.map((v) => v.option),
      choices,
    );
    const landed = await quoteLanded(tx, quote, items, views, new Date());
    const total = landed.totalsOf(chosen.map((c) => ({ option: c.option, roadHazard: c.item.roadHazard })));
    if (expectedTotalCents !== undefined && expectedTotalCents !== total.totalCents)
      throw conflict(
        `The quote's tax or fees changed since it was shown: its total is now ${formatCents(total.totalCents)}`,
        { code: 'quote_total_changed', totalCents: total.totalCents, tax: landed.tax },
      );
    await releaseQuoteHolds(tx, id);
    const placed = await placeQuotedOrder(tx, {
      companyId: quote.companyId,
      locationId: quote.locationId,
      buyerUserId: actor.userId,
      delivery: deliveryOf(quote),
      note: `Accepted quote Q-${id}; awaiting payment`,
      items: chosen.map(({ item, option }) => ({
        productId: option.productId,
        quantity: option.quantity,
        roadHazard: item.roadHazard,
        quoteOptionId: option.id,
        unitPriceCents: option.unitPriceCents,
        shippingCents: option.shippingCents,
      })),
    });
    for (const { item, option } of chosen) await repo.updateItem(tx, item.id, { chosenOptionId: option.id });
    await moveQuote(tx, quote, 'accepted', actor.userId, `Accepted by ${actor.username}; order ${placed}`, {
      acceptedAt: new Date(),
      orderId: placed,
    });
    return placed;
  });
  return { data: await quoteDetail(db, actor, id), orderId };
}

/** The customer (or sales for them) declines; stock held for the quote is released. */
export async function declineQuote(db: Db, actor: Actor, id: number) {
  if (isStaff(actor.role) && !canWorkQuotes(actor)) throw forbidden('Only sales and admin work quotes');
  await db.transaction(async (tx) => {
    const quote = await lockVisibleQuote(tx, actor, id);
    assertQuoteTransition(quote.status as QuoteStatus, 'declined');
    await releaseQuoteHolds(tx, id);
    await moveQuote(tx, quote, 'declined', actor.userId, `Declined by ${actor.username}`);
  });
  return { data: await quoteDetail(db, actor, id) };
}
