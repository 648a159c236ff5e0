// Small reads that every request of a kind would repeat (the caller's session, a data
// version), trusted for a short while in this process's memory and then read again. They are
// forgotten at once when this process itself changes data (forgetOnWrite: after every
// state-changing request, see route.ts; or by an explicit forget); another process sharing the
// database is seen within the trust period.

interface Kept<T> {
  at: number;
  epoch: number;
  value: Promise<T>;
}

/** Reads of one kind, per database handle and key. */
export class RecentReads<T> {
  private static readonly forgottenOnWrite: RecentReads<unknown>[] = [];

  /** Forgets the reads that any write may change (route.ts calls it after each write). */
  static afterWrite(db: object) {
    for (const reads of RecentReads.forgottenOnWrite) reads.forget(db);
  }

  private readonly byDb = new WeakMap<object, Map<string, Kept<T>>>();
  private epoch = 0;

  constructor(
    private readonly trustMs: number,
    options: { forgetOnWrite?: boolean } = {},
    private readonly limit = 10_000,
  ) {
    if (options.forgetOnWrite) RecentReads.forgottenOnWrite.push(this as RecentReads<unknown>);
  }

  /** The read of the last trustMs, or a new one (a failed read is not kept). */
  through(db: object, key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.byDb.get(db) ?? new Map<string, Kept<T>>();
    this.byDb.set(db, kept);
    const hit = kept.get(key);
    if (hit && hit.epoch === this.epoch && Date.now() - hit.at < this.trustMs) return hit.value;
    if (kept.size >= this.limit) kept.clear();
    // A real promise, settled once: a query builder is a thenable that runs again on every then.
    const value = new Promise<T>((resolve) => resolve(read()));
    const entry = { at: Date.now(), epoch: this.epoch, value };
    kept.set(key, entry);
    value.catch(() => kept.get(key) === entry && kept.delete(key));
    return value;
  }

  /** Forgets every read of this database (or one key of it): the next ones read again. */
  forget(db: object, key?: string) {
    if (key === undefined) this.byDb.get(db)?.clear();
    else this.byDb.get(db)?.delete(key);
  }

  /** Forgets the reads of every database (for a write that knows only its transaction). */
  forgetAll() {
    this.epoch++;
  }
}
