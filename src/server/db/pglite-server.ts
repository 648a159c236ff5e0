// Child process that owns the embedded PGlite database and serves it over the PostgreSQL wire
// protocol, so the web server's event loop never waits on a query (see docs/decisions.md).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const dataDir = process.env.PGLITE_DIR ?? 'memory://';

async function main() {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 8 });
  await server.start();
  const address = server.getServerConn();
  process.send?.({ type: 'ready', address });

  const stop = async () => {
    await server.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}

main().catch((error) => {
  process.send?.({ type: 'error', message: String(error?.stack ?? error) });
  process.exit(1);
});
