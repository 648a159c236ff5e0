// Finance's lists and additions of state base rates, taxability and tire fees. An edit is a new
// row from its date: the rows before it stay, so past terms (and placed orders) keep theirs.
import type { z } from 'zod';
import type * as api from '../../../contract/tax';
import type { DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, conflict } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './tax.repository';
import { dayOf } from '../../../domain/calendar-day';
import { toStateRates, toTaxability, toTireFees } from './tax.views';

type Dated = { state: string; effectiveFrom: string };

async function assertKnownState(db: DbOrTx, state: string) {
  if (!(await repo.knownStates(db)).has(state))
    throw badRequest(`There is no state ${state}`, [
      { pointer: '/body/state', detail: 'is not a state (two letters of the 50 states or DC)' },
    ]);
}

function assertNewDay(rows: { effectiveFrom: string }[], input: Dated, what: string) {
  if (rows.some((r) => r.effectiveFrom === input.effectiveFrom))
    throw conflict(
      `${input.state} already has ${what} from ${input.effectiveFrom}; add one from another day`,
      {
        errors: [{ pointer: '/body/effectiveFrom', detail: 'already has a row; rows are never changed' }],
      },
    );
}

function assertRealDay(day: string, pointer: string) {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || dayOf(d) !== day)
    throw badRequest(`${day} is not a date`, [{ pointer, detail: 'is not a real date' }]);
}

export async function listStateRates(db: DbOrTx, state?: string) {
  return toStateRates(await repo.listStateRates(db, state), dayOf(new Date()));
}

export async function listTaxability(db: DbOrTx, state?: string) {
  return toTaxability(await repo.listTaxability(db, state), dayOf(new Date()));
}

export async function listTireFees(db: DbOrTx, state?: string) {
  return toTireFees(await repo.listTireFees(db, state), dayOf(new Date()));
}

async function checked(db: DbOrTx, input: Dated & { checkedOn: string | null }) {
  assertRealDay(input.effectiveFrom, '/body/effectiveFrom');
  if (input.checkedOn) assertRealDay(input.checkedOn, '/body/checkedOn');
  await assertKnownState(db, input.state);
}

export async function addStateRate(db: DbOrTx, actor: Actor, input: z.output<typeof api.StateRateInput>) {
  return db.transaction(async (tx) => {
    await checked(tx, input);
    assertNewDay(await repo.listStateRates(tx, input.state), input, 'a base rate');
    const row = await repo.insertStateRate(tx, { ...input, createdBy: actor.userId });
    await writeAudit(tx, actor, { entity: 'tax_state_rate', entityId: row.id, action: 'create', after: row });
    const all = toStateRates(await repo.listStateRates(tx, input.state), dayOf(new Date()));
    return all.find((r) => r.id === row.id)!;
  });
}

export async function addTaxability(db: DbOrTx, actor: Actor, input: z.output<typeof api.TaxabilityInput>) {
  return db.transaction(async (tx) => {
    await checked(tx, input);
    assertNewDay(await repo.listTaxability(tx, input.state), input, 'taxability');
    const row = await repo.insertTaxability(tx, { ...input, createdBy: actor.userId });
    await writeAudit(tx, actor, { entity: 'tax_taxability', entityId: row.id, action: 'create', after: row });
    const all = toTaxability(await repo.listTaxability(tx, input.state), dayOf(new Date()));
    return all.find((r) => r.id === row.id)!;
  });
}

export async function addTireFee(db: DbOrTx, actor: Actor, input: z.output<typeof api.TireFeeInput>) {
  return db.transaction(async (tx) => {
    await checked(tx, input);
    const same = (await repo.listTireFees(tx, input.state)).filter((r) => r.name === input.name);
    assertNewDay(same, input, `the fee "${input.name}"`);
    const kinds = [...new Set(input.kinds)];
    const row = await repo.insertTireFee(tx, { ...input, kinds, createdBy: actor.userId });
    await writeAudit(tx, actor, { entity: 'tax_tire_fee', entityId: row.id, action: 'create', after: row });
    const all = toTireFees(await repo.listTireFees(tx, input.state), dayOf(new Date()));
    return all.find((r) => r.id === row.id)!;
  });
}
