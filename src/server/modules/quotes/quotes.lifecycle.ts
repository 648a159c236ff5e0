// The life of a quote that every use case shares: who may work it, reading it locked and
// scoped, moving its status through the transition table with a log entry, and its stock holds.
import type { QuoteStatus } from '../../../domain/quote-status';
import { isStaff } from '../../../domain/roles';
import type { DbOrTx, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { forbidden, notFound } from '../../http/errors';
import { unreserveAllocations } from '../orders/orders.service';
import * as holdsRepo from './quotes.holds.repository';
import * as repo from './quotes.repository';

/** Staff who work quotes: sales and admin (finance and support only read them). */
export const canWorkQuotes = (actor: Actor) => actor.role === 'sales' || actor.role === 'admin';

/** Writes a status change (or a note with from = to = null) to the quote's history. */
export async function logQuote(
  tx: DbOrTx,
  quote: { id: number; status: string },
  userId: number | null,
  to: QuoteStatus | null,
  note: string,
) {
  await repo.insertLog(tx, {
    quoteId: quote.id,
    userId,
    fromStatus: to ? quote.status : null,
    toStatus: to,
    note,
  });
}

/** Moves a locked quote to another status through the transition table, logged. */
export async function moveQuote(
  tx: Tx,
  quote: repo.QuoteRow,
  to: QuoteStatus,
  userId: number | null,
  note: string,
  set: Partial<Omit<repo.QuoteRow, 'status'>> = {},
) {
  const row = await repo.setQuoteStatus(tx, quote, to, set);
  await logQuote(tx, quote, userId, to, note);
  return row;
}

/** The quote locked for a change, or a 404 when the caller may not see it. */
export async function lockVisibleQuote(tx: Tx, actor: Actor, id: number) {
  const quote = await repo.lockQuote(tx, id);
  if (!quote || (!isStaff(actor.role) && quote.companyId !== actor.companyId)) throw notFound('Quote');
  return quote;
}

/** Gives back the stock a quote holds (at expiry, decline or acceptance). */
export async function releaseQuoteHolds(tx: Tx, quoteId: number) {
  const holds = await holdsRepo.openHolds(tx, quoteId);
  await unreserveAllocations(tx, holds);
  await holdsRepo.releaseHolds(tx, quoteId);
}

export function assertWorker(actor: Actor) {
  if (!canWorkQuotes(actor)) throw forbidden('Only sales and admin work quotes');
}
