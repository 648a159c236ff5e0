// Answers computed from the database, kept in this process's memory while the version of the
// data they were computed from holds. A version is a string the caller reads from the database
// (a counter its writes move); a null version means the data is changing: nothing is kept then.

/** Answers of one kind, per database handle (versions are comparable within one database only). */
export class KeptByVersion<T> {
  private readonly byDb = new WeakMap<object, Map<string, { version: string; value: T }>>();

  /** `limit` answers at most per database; the oldest kept goes first. */
  constructor(private readonly limit: number) {}

  get(db: object, key: string, version: string | null): T | undefined {
    if (version === null) return undefined;
    const hit = this.byDb.get(db)?.get(key);
    return hit?.version === version ? hit.value : undefined;
  }

  set(db: object, key: string, version: string | null, value: T) {
    if (version === null || this.limit <= 0) return;
    const kept = this.byDb.get(db) ?? new Map<string, { version: string; value: T }>();
    this.byDb.set(db, kept);
    kept.delete(key); // re-inserted last: the Map's order is the order of keeping
    if (kept.size >= this.limit) kept.delete(kept.keys().next().value as string);
    kept.set(key, { version, value });
  }

  /** The kept answer of this version, or a fresh one, kept. */
  async through(db: object, key: string, version: string | null, load: () => Promise<T>): Promise<T> {
    const hit = this.get(db, key, version);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(db, key, version, value);
    return value;
  }
}
