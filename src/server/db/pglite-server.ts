// Child process that owns the embedded PGlite database and serves it over the PostgreSQL wire
// protocol, so the web server's event loop never waits on a query (see docs/decisions.md).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.env.PGLITE_DIR ?? 'memory://';
/** A dump of another database's data directory to start from (each test file's own copy). */
const loadFrom = process.env.PGLITE_LOAD_FROM;

async function main() {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(
    dataDir,
    loadFrom ? { loadDataDir: new Blob([readFileSync(loadFrom)]) } : {},
  );
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 8 });
  await server.start();
  const address = server.getServerConn();
  process.send?.({ type: 'ready', address });

  const stop = async () => {
    await server.stop();
    await db.close();
    process.exit(0);
  };
  // The test run's setup dumps its seeded database once; every test file starts from the dump.
  process.on('message', async (message: { type?: string; path?: string }) => {
    if (message.type !== 'dump' || !message.path) return;
    const dump = await db.dumpDataDir('none');
    writeFileSync(message.path, Buffer.from(await dump.arrayBuffer()));
    process.send?.({ type: 'dumped' });
  });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}

main().catch((error) => {
  process.send?.({ type: 'error', message: String(error?.stack ?? error) });
  process.exit(1);
});
