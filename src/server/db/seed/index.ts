import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../connection';
import { seedAccounts } from './seed-accounts';
import { seedBackoffice } from './seed-backoffice';
import { seedCatalog } from './seed-catalog';
import type { SeedContext } from './seed-context';
import { seedLogistics } from './seed-logistics';
import { seedOrders } from './seed-orders';
import { seedQuotes } from './seed-quotes';
import { seedInstaller } from './seed-installer';
import { seedExemptions } from './seed-exemptions';

/** Later areas add their demo data here, in order; each gets the accounts seeded before it. */
const areaSeeders: ((db: Db, ctx: SeedContext) => Promise<void>)[] = [
  seedCatalog,
  seedBackoffice,
  seedOrders,
  seedQuotes,
  seedLogistics,
  seedInstaller,
  seedExemptions,
];

export async function hasUsers(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return rows[0].n > 0;
}

/** Seeds the demo data, only into an empty database and never in production; answers whether it did. */
export async function seedIfEmpty(db: Db, config: Config): Promise<boolean> {
  // Demo users share a published password: production never gets them (npm run admin:create).
  if (config.NODE_ENV === 'production') return false;
  if (await hasUsers(db)) return false;
  const accounts = await db.transaction((tx) => seedAccounts(tx));
  for (const seed of areaSeeders) await seed(db, { config, accounts });
  return true;
}
