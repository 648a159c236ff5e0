import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, openDatabase } from '../db/connection';
import { DEMO_PASSWORD } from '../db/seed/seed-accounts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  close(): Promise<void>;
}

/** A real server on the run's shared, seeded database (see global-setup.ts). */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openDatabase({
    databaseUrl: inject('databaseUrl'),
    pgliteDir: 'memory://',
    // PGlite is one session: pglite-socket interleaves the protocol messages of several
    // connections (a Parse of one between the Parse and Bind of another), so one connection,
    // as the server itself uses on the embedded database.
    poolSize: inject('databaseEmbedded') ? 1 : 4,
  });
  const app = await buildApp(testConfig(overrides), database.db);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The Cookie header of a fresh session of a user (demo users share the demo password). */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie set');
  return `sid=${cookie.value}`;
}

let counter = 0;
/** A name no other test uses, for rows a test makes itself. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}
