// npm run pg:replica — a streaming replica of the local PostgreSQL (BENCH_PG or
// postgres://postgres@127.0.0.1:5432/postgres) until Ctrl-C, e.g. to try DATABASE_REPLICA_URL:
//   npm run pg:replica &   # prints the replica's URL
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/tread DATABASE_REPLICA_URL=<that URL with /tread> npm start
// It runs as the postgres user (as root it switches to it), in a temporary directory removed at exit.
import { startReplica } from '../src/server/test/pg-replica';

const admin = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const replica = await startReplica(admin);
console.log(`Streaming replica of ${admin} on port ${replica.port}: ${replica.url}`);
console.log('Ctrl-C stops it and removes its directory.');
const stop = async () => {
  await replica.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
