import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/connection';
import { migrateDatabase } from './db/migrate';
import { hasUsers, seedIfEmpty } from './db/seed';
import { demoUsers, DEMO_PASSWORD } from './db/seed/seed-accounts';
import { announceInstance } from './http/instance';
import { deliverOutbox } from './integrations/email/outbox';
import { smtpTransport } from './integrations/email/smtp';
import { purgeExpired } from './modules/sessions/sessions.service';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  await migrateDatabase(database.db);
  const seeded = config.SEED === 'auto' && (await seedIfEmpty(database.db, config));
  // A call this process leaves running when it dies is taken over on a retry (http/instance.ts).
  const unannounce = await announceInstance(database);
  // Searches, catalogue reads, lists and reports on a streaming replica (db/replica.ts).
  const replica = config.DATABASE_REPLICA_URL
    ? await openDatabase({ databaseUrl: config.DATABASE_REPLICA_URL, pgliteDir: 'memory://' })
    : null;
  const app = await buildApp(config, database.db, {
    replica: replica?.db,
    listenUrl: database.embedded ? undefined : database.url,
  });
  await app.listen({ port: config.PORT, host: config.HOST });

  const where = database.embedded
    ? `embedded PGlite at ${config.PGLITE_DIR}`
    : `PostgreSQL (DATABASE_URL${replica ? ', reads on DATABASE_REPLICA_URL' : ''})`;
  const url = `http://localhost:${config.PORT}`;
  console.log(`\nTread is serving at ${url}  (database: ${where}${seeded ? ', demo data seeded' : ''})`);
  console.log(`API docs: ${url}/api/docs`);
  if (config.NODE_ENV !== 'production')
    console.log(
      `Demo accounts (password ${DEMO_PASSWORD}): ${demoUsers.map((u) => `${u.username} (${u.role})`).join(', ')}\n`,
    );
  else if (!(await hasUsers(database.db)))
    console.log(
      'No users yet: create the first administrator with `npm run admin:create -- --username <name>`\n',
    );

  const mailer = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null;
  const mailTimer = mailer
    ? setInterval(() => deliverOutbox(database.db, mailer, config.MAIL_FROM).catch(() => {}), 10_000)
    : null;

  // Expired sessions, tokens, counters and old mail go at start and every hour (docs/security.md).
  const purge = () =>
    purgeExpired(database.db, config).catch((error) => app.log.warn({ err: error }, 'purge failed'));
  void purge();
  const purgeTimer = setInterval(purge, 3_600_000);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    if (mailTimer) clearInterval(mailTimer);
    clearInterval(purgeTimer);
    await app.close();
    await unannounce();
    await replica?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
