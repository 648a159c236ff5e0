import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { testConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateDatabase } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseEmbedded: boolean;
  }
}

/**
 * One database for the whole run, migrated and seeded with the demo data: the embedded PGlite,
 * or a fresh database in the PostgreSQL of TEST_DATABASE_URL. Tests make their own rows with
 * unique names, so test files can share it.
 */
export default async function setup(project: TestProject) {
  const config = testConfig({ SEED_SKUS: Number(process.env.TEST_SEED_SKUS ?? 1500) });
  let databaseUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  if (databaseUrl) {
    const name = `tread_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  await migrateDatabase(database.db);
  await seedIfEmpty(database.db, config);
  project.provide('databaseUrl', database.url);
  project.provide('databaseEmbedded', database.embedded);
  return async () => {
    await database.close();
    await dropDatabase();
  };
}
