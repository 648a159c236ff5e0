// The buyers of a bench:checkout race, in a thread of their own: their HTTP client no longer
// shares the app's event loop (bench/checkout.ts runs the app in its main thread), as real
// clients would not. Closed loop over `connections`; workers start evenly over `rampMs`.
// Answers the latencies (ms), the count of each status and the race's length in seconds.
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

const latencies = [];
const statuses = {};
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Math.min(connections, buyers.length) }, async (_, w) => {
    if (rampMs > 0) await new Promise((r) => setTimeout(r, (rampMs * w) / connections));
    while (next < buyers.length) {
      const i = next++;
      const { status, ms } = await checkout(buyers[i], i);
      latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
parentPort.postMessage({ latencies, statuses, seconds: (performance.now() - started) / 1000 });
