import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { testConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateDatabase } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the server (any database on it) and the seeded template each test file copies. */
    serverUrl: string;
    templateName: string;
    /** PGlite: the dump of the seeded database each test file starts from. */
    pgliteDump: string;
  }
}

/**
 * The run migrates and seeds one database with the demo data, once; every test file then gets
 * its own copy (createTestApp), so no test can see or disturb another file's rows. On
 * PostgreSQL (TEST_DATABASE_URL) the seeded database is the template of each file's database;
 * on PGlite its data directory is dumped and each file starts an embedded database from it.
 */
export default async function setup(project: TestProject) {
  const config = testConfig({ SEED_SKUS: Number(process.env.TEST_SEED_SKUS ?? 1500) });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateName = `tread_test_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `create database ${templateName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${templateName}`;
    const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
    await migrateDatabase(database.db);
    await seedIfEmpty(database.db, config);
    await database.close();
    project.provide('serverUrl', serverUrl);
    project.provide('templateName', templateName);
    project.provide('pgliteDump', '');
    // The template, and any file's copy a failed file left behind.
    return async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname = $1 or datname like $2',
        [templateName, `${templateName}\\_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      await client.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tread-test-'));
  const pgliteDump = join(dir, 'seeded.tar');
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await migrateDatabase(database.db);
  await seedIfEmpty(database.db, config);
  await database.dump?.(pgliteDump);
  await database.close();
  project.provide('serverUrl', '');
  project.provide('templateName', '');
  project.provide('pgliteDump', pgliteDump);
  return () => rmSync(dir, { recursive: true, force: true });
}

export async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
