// Reads on a PostgreSQL streaming replica (DATABASE_REPLICA_URL): the endpoints marked `replica`
// in their contract (searches, catalogue reads, lists, reports) are served from it while it is
// fresh enough; everything else, every write and every transaction stays on the primary. See
// docs/architecture.md, "Reads on a replica".
//
// Fresh enough means: the replica has replayed the primary's WAL up to
//  - the position the primary announced last (read at most once a second): a replica that is
//    behind the data the primary serves is skipped until it catches up, so a kept answer
//    computed on it (tagged with the replica's own data version) is never older than a second;
//  - and the position of the caller's own last write (read after each write, kept per caller in
//    this process and in the caller's cookie for the other instances): a buyer sees the order of
//    the checkout they just made, the cart after an add, whatever the lag. The small reads this
//    process keeps of the replica (data versions, RecentReads) are forgotten before such a caller
//    reads there, so no version read before the replica had their write is trusted for them.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './connection';
import { RecentReads } from './recent-reads';

/** A WAL position ('16/B374D848') as a number that compares. */
export function lsnValue(lsn: string | null | undefined): bigint {
  if (!lsn) return 0n;
  const [high, low] = lsn.split('/');
  if (!low || !/^[0-9A-F]+$/i.test(high) || !/^[0-9A-F]+$/i.test(low)) return 0n;
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** The later of two WAL positions (Math.max takes no bigint). */
const later = (a: bigint, b: bigint) => (a > b ? a : b);

/** How long the primary's announced position is trusted before it is read again. */
const ANNOUNCE_MS = 1000;
/** A replica found behind is asked again after this long, not on every request meanwhile. */
const RECHECK_MS = 50;
/** Callers whose last write this process remembers (the oldest go first). */
const CALLERS = 10_000;

export class ReplicaReads {
  private readonly announced = new KeptPosition();
  private readonly replayed = new KeptPosition();
  private readonly lastWrites = new Map<string, bigint>();
  /** Every read kept of the replica was read at a replay position at least this far. */
  private keptFrom = 0n;

  constructor(
    readonly primary: Db,
    readonly replica: Db,
  ) {}

  /**
   * The handle a replica-eligible read of this caller runs on. `callerLsn` is what the caller
   * carries (its cookie); `caller` keys the writes this process saw. Any doubt, a replica that
   * cannot be reached included, answers the primary.
   */
  async dbFor(caller: string | null, callerLsn: bigint = 0n): Promise<Db> {
    try {
      const remembered = caller ? (this.lastWrites.get(caller) ?? 0n) : 0n;
      const own = later(remembered, callerLsn);
      const needed = later(own, await this.announcedLsn());
      // Behind as last seen: ask again, at most every RECHECK_MS (replay only moves forward).
      if (this.replayed.lsn < needed && Date.now() - this.replayed.at >= RECHECK_MS)
        await this.readReplayed();
      if (this.replayed.lsn < needed) return this.primary;
      if (own > this.keptFrom) {
        RecentReads.afterWrite(this.replica);
        this.keptFrom = this.replayed.lsn;
      }
      return this.replica;
    } catch {
      return this.primary;
    }
  }

  /** After a write of this caller: the primary's position now, remembered and answered (for its cookie). */
  async noteWrite(caller: string | null): Promise<bigint> {
    const { rows } = await this.primary.execute<{ lsn: string }>(
      sql`select pg_current_wal_lsn()::text as lsn`,
    );
    const lsn = lsnValue(rows[0]?.lsn);
    this.announced.advance(lsn);
    if (caller) {
      this.lastWrites.delete(caller);
      if (this.lastWrites.size >= CALLERS)
        this.lastWrites.delete(this.lastWrites.keys().next().value as string);
      this.lastWrites.set(caller, lsn);
    }
    return lsn;
  }

  private announcedLsn(): Promise<bigint> | bigint {
    if (Date.now() - this.announced.at < ANNOUNCE_MS) return this.announced.lsn;
    return this.announced.read(this.primary, sql`select pg_current_wal_lsn()::text as lsn`);
  }

  private readReplayed(): Promise<bigint> {
    // A server that is no replica (pointed at a primary) has no replay position: its own is current.
    return this.replayed.read(
      this.replica,
      sql`select coalesce(pg_last_wal_replay_lsn(), pg_current_wal_lsn())::text as lsn`,
    );
  }
}

/** A WAL position last read at `at`: it only moves forward, and one read runs at a time. */
class KeptPosition {
  lsn = 0n;
  at = 0;
  private reading: Promise<bigint> | undefined;

  /** Moves the position forward (a write of this process saw the primary further on). */
  advance(lsn: bigint) {
    this.lsn = later(lsn, this.lsn);
  }

  read(db: Db, statement: SQL): Promise<bigint> {
    this.reading ??= db
      .execute<{ lsn: string }>(statement)
      .then(({ rows }) => {
        this.advance(lsnValue(rows[0]?.lsn));
        this.at = Date.now();
        return this.lsn;
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }
}
