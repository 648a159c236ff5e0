import autocannon from 'autocannon';

export interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2))
    : 0;

/** Runs autocannon and measures every response time itself (autocannon's summary has no p95). */
export async function measure(scenario: string, options: autocannon.Options): Promise<Row> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, r) => (error ? reject(error) : resolve(r)));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    scenario,
    'req/s': Math.round(result.requests.average),
    'p50 ms': percentile(times, 50),
    'p95 ms': percentile(times, 95),
    'p99 ms': percentile(times, 99),
    errors: result.errors + result.non2xx,
  };
}
