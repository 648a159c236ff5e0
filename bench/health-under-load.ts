// Shows that the embedded database runs off the server's main thread (docs/decisions.md): /healthz is
// timed alone, then again while other connections keep the database busy with signed-in calls.
import { measure, type Row } from './report';
import { signInCookie, startServer } from './server';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const port = 3301;

async function main() {
  console.log('Starting the server on a fresh embedded database…');
  const server = await startServer(
    { PGLITE_DIR: 'memory://', SEED_SKUS: process.env.SEED_SKUS ?? '5000' },
    port,
  );
  try {
    const cookie = await signInCookie(server.url, 'buyer');
    const loadPath = process.env.LOAD_PATH ?? '/api/session';
    const loadBody = process.env.LOAD_BODY;
    const rows: Row[] = [];
    rows.push(await measure('/healthz alone', { url: `${server.url}/healthz`, connections: 8, duration }));
    const load = measure(`database load: ${loadPath}`, {
      url: `${server.url}${loadPath}`,
      connections: 16,
      duration,
      headers: { cookie, 'content-type': 'application/json' },
      ...(loadBody ? { method: 'POST', body: loadBody } : {}),
    });
    const health = measure('/healthz during load', {
      url: `${server.url}/healthz`,
      connections: 2,
      duration,
    });
    rows.push(...(await Promise.all([load, health])));
    console.table(rows);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
