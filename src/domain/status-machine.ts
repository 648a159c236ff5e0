// Every entity with a status has one transition table; this is the one check they all use, and
// the one error an illegal move raises (the HTTP layer turns it into a 409 `invalid_transition`).

export type TransitionTable<S extends string> = Record<S, readonly S[]>;

export class TransitionError extends Error {
  constructor(
    readonly entity: string,
    readonly current: string,
    readonly wanted: string,
    readonly allowed: readonly string[],
  ) {
    super(
      `A ${entity} that is ${current} cannot become ${wanted}; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`,
    );
  }
}

/** Throws a TransitionError unless the table lets `current` move to `wanted`. */
export function assertTransition<S extends string>(
  entity: string,
  table: TransitionTable<S>,
  current: S,
  wanted: S,
): void {
  assertAllowed(entity, current, wanted, table[current] ?? []);
}

/** The same check against a list of next statuses that depends on more than the status. */
export function assertAllowed<S extends string>(
  entity: string,
  current: S,
  wanted: S,
  allowed: readonly S[],
): void {
  if (!allowed.includes(wanted)) throw new TransitionError(entity, current, wanted, allowed);
}

/** Whether the table lets `current` move to `wanted` (to pick the rows a change applies to). */
export function canTransition<S extends string>(table: TransitionTable<S>, current: S, wanted: S): boolean {
  return (table[current] ?? []).includes(wanted);
}

/** The table as plain JSON for the `GET …/status` lists. */
export function transitionsOf<S extends string>(table: TransitionTable<S>): Record<string, S[]> {
  return Object.fromEntries(Object.entries<readonly S[]>(table).map(([from, to]) => [from, [...to]]));
}

/** The statuses the table lets move to `wanted`: the rows a batch change in SQL may touch. */
export function statusesBefore<S extends string>(table: TransitionTable<S>, wanted: S): S[] {
  return (Object.keys(table) as S[]).filter((from) => table[from].includes(wanted));
}
