import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { type Database, openDatabase } from '../db/connection';
import { DEMO_PASSWORD } from '../db/seed/seed-accounts';
import { adminQuery } from './global-setup';
import { openApps } from './open-apps';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  /** The replica's connection, when the app reads on one (createTestApp's replicaOf). */
  replica?: Database;
  close(): Promise<void>;
}

/**
 * This test file's own copy of the run's seeded database (see global-setup.ts): its rows are
 * the demo data plus what this file makes. On PGlite the file gets its own embedded database
 * (one session, so one connection, as the server uses it); on PostgreSQL a database made from
 * the seeded template, dropped when the file ends. Every app of a file shares the file's copy.
 */
async function testDatabase(poolSize = 4): Promise<Database> {
  const embedded = !inject('serverUrl');
  fileDatabase ??= embedded ? startEmbeddedCopy() : copyTemplate();
  const copy = await fileDatabase;
  copy.users += 1;
  const database = await openDatabase({
    databaseUrl: copy.url,
    pgliteDir: 'memory://',
    poolSize: embedded ? 1 : poolSize,
    preparedStatements: !embedded,
  });
  return {
    ...database,
    async close() {
      await database.close();
      copy.users -= 1;
      // The file's last app closed: its copy goes (a later app of the file gets a fresh one).
      if (copy.users === 0) {
        fileDatabase = undefined;
        await copy.stop();
      }
    },
  };
}

interface FileCopy {
  url: string;
  users: number;
  stop(): Promise<void>;
}

let fileDatabase: Promise<FileCopy> | undefined;

async function startEmbeddedCopy(): Promise<FileCopy> {
  const server = await openDatabase({ pgliteDir: 'memory://', pgliteLoadFrom: inject('pgliteDump') });
  // Only its child process is needed: every app opens its own connection (close() ends this pool).
  return { url: server.url, users: 0, stop: () => server.close() };
}

async function copyTemplate(): Promise<FileCopy> {
  const template = inject('templateName');
  const name = `${template}_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const serverUrl = inject('serverUrl');
  // Two files copying the template at the same moment: PostgreSQL refuses the second; retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `create database ${name} template ${template}`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    users: 0,
    stop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A real server on this test file's own copy of the seeded database. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    poolSize?: number;
    /** Reads on a replica: its URL for the file's database (see pg-replica.ts). */
    replicaOf?: (databaseUrl: string) => string;
  } = {},
): Promise<TestApp> {
  const database = await testDatabase(options.poolSize);
  const replica = options.replicaOf
    ? await openDatabase({
        databaseUrl: options.replicaOf(database.url),
        pgliteDir: 'memory://',
        poolSize: 4,
      })
    : undefined;
  const app = await buildApp(testConfig(overrides), database.db, {
    replica: replica?.db,
    listenUrl: inject('serverUrl') ? database.url : undefined,
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    database,
    db: database.db,
    replica,
    async close() {
      if (!openApps.delete(testApp)) return;
      await app.close();
      await replica?.close();
      await database.close();
    },
  };
  openApps.add(testApp);
  return testApp;
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
