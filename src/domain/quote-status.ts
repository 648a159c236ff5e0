// Quotes: drafted, given options, frozen (finalized), sent to the buyer, then accepted (becoming an
// order), declined or left to expire. One table decides every move (docs/quotes.md).
import { assertTransition, type TransitionTable } from './status-machine';

export const quoteStatuses = [
  'draft',
  'options_ready',
  'finalized',
  'sent',
  'accepted',
  'expired',
  'declined',
] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quoteTransitions: TransitionTable<QuoteStatus> = {
  // Editing the line requests of a quote with options sends it back to draft.
  draft: ['options_ready', 'declined'],
  options_ready: ['draft', 'options_ready', 'finalized', 'declined'],
  finalized: ['sent', 'expired', 'declined'],
  sent: ['sent', 'accepted', 'expired', 'declined'],
  accepted: [],
  expired: [],
  declined: [],
};

export function assertQuoteTransition(from: QuoteStatus, to: QuoteStatus): void {
  assertTransition('quote', quoteTransitions, from, to);
}

/** Prices and options may change only before the quote is frozen. */
export function isQuoteEditable(status: QuoteStatus): boolean {
  return status === 'draft' || status === 'options_ready';
}

/** Generation of options: a job with its own small status set. */
export const quoteJobStatuses = ['running', 'done', 'failed', 'cancelled', 'timed_out'] as const;
export type QuoteJobStatus = (typeof quoteJobStatuses)[number];

/** A job runs until it is done, fails, is cancelled by staff or runs out of time; it ends once. */
export const quoteJobTransitions: TransitionTable<QuoteJobStatus> = {
  running: ['done', 'failed', 'cancelled', 'timed_out'],
  done: [],
  failed: [],
  cancelled: [],
  timed_out: [],
};

export function assertQuoteJobTransition(from: QuoteJobStatus, to: QuoteJobStatus): void {
  assertTransition('quote job', quoteJobTransitions, from, to);
}

/** Units a finalized quote holds in a warehouse, until it is accepted, expires or is edited. */
export const quoteHoldStatuses = ['held', 'released'] as const;
export type QuoteHoldStatus = (typeof quoteHoldStatuses)[number];

export const quoteHoldTransitions: TransitionTable<QuoteHoldStatus> = {
  held: ['released'],
  released: [],
};

export function assertQuoteHoldTransition(from: QuoteHoldStatus, to: QuoteHoldStatus): void {
  assertTransition('quote hold', quoteHoldTransitions, from, to);
}

/** How long option generation may run: the client and the server both give up then. */
export const QUOTE_GENERATION_TIMEOUT_MS = 600_000;
export const QUOTE_GENERATION_TIMEOUT_MESSAGE = 'Quote generation timed out after 600 seconds';

/** Whether a quote holds stock that lapses at its date: finalized or sent, not yet decided. */
export const canExpire = (status: string) =>
  (quoteTransitions[status as QuoteStatus] ?? []).includes('expired');

/** Whether an option generation job is still running (not done, failed, cancelled or timed out). */
export const isJobRunning = (status: string | undefined) => status === 'running';

/** Whether the quote's options are generated and may be priced and finalized. */
export const hasOptionsReady = (status: string) => status === 'options_ready';

/** Whether the quote is issued with frozen prices and not yet decided: the buyer may accept it. */
export const isIssuedQuote = (status: string) => status === 'finalized' || status === 'sent';

/** Whether the quote was e-mailed to the buyer already. */
export const isSentQuote = (status: string) => status === 'sent';

/** Whether the buyer accepted the quote (it became an order). */
export const isAcceptedQuote = (status: string) => status === 'accepted';

/** Whether an option generation job ended with its options made. */
export const isJobDone = (status: string) => status === 'done';

/** Whether the quote is a draft: its line requests have no options (yet, or since they changed). */
export const isDraftQuote = (status: string) => status === 'draft';
