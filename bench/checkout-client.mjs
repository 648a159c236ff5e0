// The buyers of a bench:checkout race, in a thread of their own: their HTTP client no longer
// shares the app's event loop (bench/checkout.ts runs the app in its main thread), as real
// clients would not. Closed loop over `connections`; workers start evenly over `rampMs`.
// Answers each checkout's status, start (ms after the race began) and latency (ms), and the
// race's length in ms.
import { parentPort, workerData } from 'node:worker_threads';

const { base, buyers, key, connections, rampMs, body } = workerData;

async function checkout(buyer, i) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/cart/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: buyer.cookie, 'idempotency-key': `${key}-${i}` },
    body,
  });
  const text = await res.text();
  if (res.status >= 500) console.error(`checkout ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, ms: performance.now() - t0 };
}

const results = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Math.min(connections, buyers.length) }, async (_, w) => {
    if (rampMs > 0) await new Promise((r) => setTimeout(r, (rampMs * w) / connections));
    while (next < buyers.length) {
      const i = next++;
      const at = performance.now() - started;
      const { status, ms } = await checkout(buyers[i], i);
      results.push({ status, at, ms });
    }
  }),
);
parentPort.postMessage({ results, length: performance.now() - started });
