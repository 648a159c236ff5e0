// The stand-in's hosted Checkout page (tests and the e2e only, never Stripe's): the buyer sees
// the amount and pays with a test card; the stand-in then sends its signed webhooks to the
// shop (at once, or after webhookDelayMs) and redirects the browser to the session's
// success_url, as Stripe's page does.
import type { IncomingMessage, ServerResponse } from 'node:http';

interface Hosted {
  pay(sessionId: string, card?: string): { payload: string; header: string }[];
  saveCard(sessionId: string, card?: string): { payload: string; header: string }[];
  session(sessionId: string): Record<string, unknown>;
  webhookUrl(): string | null;
  /** Milliseconds between the redirect and the webhooks (0: before the redirect, in order). */
  webhookDelayMs(): number;
}

async function deliver(target: string, events: { payload: string; header: string }[]) {
  for (const e of events)
    await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
      body: e.payload,
    });
}

const htmlText = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function standinPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  text: string,
  hosted: Hosted,
) {
  const sessionId = url.pathname.split('/')[2] ?? '';
  const session = hosted.session(sessionId);
  if (req.method === 'POST') {
    const card = new URLSearchParams(text).get('card') ?? undefined;
    const events = session.mode === 'setup' ? hosted.saveCard(sessionId, card) : hosted.pay(sessionId, card);
    const target = hosted.webhookUrl();
    // Stripe's webhook may land after the buyer is back on the shop: the e2e delays it to see
    // the order page wait for it.
    const delay = hosted.webhookDelayMs();
    if (target && delay > 0) setTimeout(() => void deliver(target, events).catch(() => {}), delay);
    else if (target) await deliver(target, events);
    const paid = session.status === 'complete';
    res.writeHead(303, { location: String(paid ? session.success_url : session.cancel_url) });
    res.end();
    return;
  }
  // A setup session saves the card for later; a payment session pays its amount now.
  const setup = session.mode === 'setup';
  const title = setup ? 'Save a card' : `Pay $${(Number(session.amount_total) / 100).toFixed(2)}`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stripe stand-in checkout</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<p><strong>Test stand-in of Stripe Checkout</strong> (not Stripe)</p>
<h1>${htmlText(title)}</h1>
<form method="post"><label>Test card <input name="card" value="4242424242424242"></label>
<button type="submit">${setup ? 'Save card' : 'Pay'}</button></form>
<p><a href="${htmlText(String(session.cancel_url))}">Back to the shop</a></p></body></html>`);
}
