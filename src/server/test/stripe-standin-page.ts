// The stand-in's hosted Checkout page (tests and the e2e only, never Stripe's): the buyer sees
// the amount and pays with a test card; the stand-in then sends its signed webhooks to the
// shop and redirects the browser to the session's success_url, as Stripe's page does.
import type { IncomingMessage, ServerResponse } from 'node:http';

interface Hosted {
  pay(sessionId: string, card?: string): { payload: string; header: string }[];
  session(sessionId: string): Record<string, unknown>;
  webhookUrl(): string | null;
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
    const events = hosted.pay(sessionId, card);
    const target = hosted.webhookUrl();
    for (const e of events)
      if (target)
        await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
          body: e.payload,
        });
    const paid = session.status === 'complete';
    res.writeHead(303, { location: String(paid ? session.success_url : session.cancel_url) });
    res.end();
    return;
  }
  const amount = `$${(Number(session.amount_total) / 100).toFixed(2)}`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><title>Stripe stand-in checkout</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<p><strong>Test stand-in of Stripe Checkout</strong> (not Stripe)</p>
<h1>Pay ${htmlText(amount)}</h1>
<form method="post"><label>Test card <input name="card" value="4242424242424242"></label>
<button type="submit">Pay</button></form>
<p><a href="${htmlText(String(session.cancel_url))}">Back to the shop</a></p></body></html>`);
}
