import type { Config } from '../../config';
import type { SeededAccounts } from './seed-accounts';

/** What every area's seeder gets: the configuration and the accounts seeded before it. */
export interface SeedContext {
  config: Config;
  accounts: SeededAccounts;
}
