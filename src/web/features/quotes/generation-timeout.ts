import { QUOTE_GENERATION_TIMEOUT_MESSAGE, QUOTE_GENERATION_TIMEOUT_MS } from '../../../domain/quote-status';

/** The client gives up on a generation exactly 600,000 ms after it started, as the server does. */
export function clientTimeout(startedAtMs: number, nowMs: number): string | null {
  return nowMs - startedAtMs >= QUOTE_GENERATION_TIMEOUT_MS ? QUOTE_GENERATION_TIMEOUT_MESSAGE : null;
}
