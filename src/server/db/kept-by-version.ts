// Answers computed from the database, kept in this process's memory while the version of the
// data they were computed from holds. A version is a string the caller reads from the database
// (a counter its writes move); a null version means the data is changing: nothing is kept then.

interface Kept<T> {
  version: string;
  value: Promise<T>;
}

/** Answers of one kind, per database handle (versions are comparable within one database only). */
export class KeptByVersion<T> {
  private readonly byDb = new WeakMap<object, Map<string, Kept<T>>>();

  /** `limit` answers at most per database; the one used least recently goes first. */
  constructor(private readonly limit: number) {}

  /**
   * The answer kept for this key and version, or a fresh one, kept. Requests that ask while it
   * is being computed share that computation (a new version does not start one per request);
   * a failed one is not kept.
   */
  through(db: object, key: string, version: string | null, load: () => Promise<T>): Promise<T> {
    if (version === null || this.limit <= 0) return load();
    const kept = this.byDb.get(db) ?? new Map<string, Kept<T>>();
    this.byDb.set(db, kept);
    const hit = kept.get(key);
    if (hit?.version === version) {
      // Used again: moved last, so the answers pushed out first are the ones least used lately.
      kept.delete(key);
      kept.set(key, hit);
      return hit.value;
    }
    const entry = { version, value: new Promise<T>((resolve) => resolve(load())) };
    kept.delete(key); // re-inserted last: the Map's order is the order of keeping
    if (kept.size >= this.limit) kept.delete(kept.keys().next().value as string);
    kept.set(key, entry);
    entry.value.catch(() => kept.get(key) === entry && kept.delete(key));
    return entry.value;
  }
}
