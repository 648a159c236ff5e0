import type { z } from 'zod';
import type { CustomerGroup, GroupInput } from '../../../contract/groups';
import type { Db, DbOrTx } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { companiesExist } from '../companies/companies.service';
import * as repo from './groups.repository';

type GroupData = z.output<typeof GroupInput>;

export function toGroup(row: repo.GroupRow): CustomerGroup {
  return { ...row, companyIds: row.companyIds.map(Number), createdAt: new Date(row.createdAt).toISOString() };
}

async function assertValid(tx: DbOrTx, input: Partial<GroupData>, id?: number) {
  if (input.name) {
    const same = await repo.findGroupByName(tx, input.name);
    if (same && same.id !== id)
      throw conflict('A group with that name exists', {
        errors: [{ pointer: '/body/name', detail: 'is taken' }],
      });
  }
  if (input.companyIds && !(await companiesExist(tx, input.companyIds)))
    throw badRequest('Unknown company in the group', [
      { pointer: '/body/companyIds', detail: 'has an unknown company' },
    ]);
}

/** Groups are read by any staff member: a page of them, searched by name or description. */
export async function listGroups(db: Db, q: repo.GroupQuery) {
  return pageAnswer(q, await repo.listGroups(db, q), toGroup);
}

/** One group with its member companies. */
export async function getGroup(db: Db, id: number) {
  const row = await repo.findGroup(db, id);
  if (!row) throw notFound('Group');
  return toGroup(row);
}

/** Group names are unique and every member company must exist; the new group is audited. */
export async function createGroup(db: Db, actor: Actor, input: GroupData) {
  return db.transaction(async (tx) => {
    await assertValid(tx, input);
    const row = await repo.insertGroup(tx, { ...input, companyIds: [...new Set(input.companyIds)] });
    await writeAudit(tx, actor, { entity: 'group', entityId: row.id, action: 'create', after: row });
    return toGroup(row);
  });
}

/** Same checks as a new group; fields left out stay, a company listed twice counts once. */
export async function updateGroup(db: Db, actor: Actor, id: number, input: Partial<GroupData>) {
  return db.transaction(async (tx) => {
    const before = await repo.findGroup(tx, id);
    if (!before) throw notFound('Group');
    await assertValid(tx, input, id);
    const companyIds = input.companyIds && [...new Set(input.companyIds)];
    const after = await repo.updateGroup(tx, id, definedOnly({ ...input, companyIds }));
    await writeAudit(tx, actor, { entity: 'group', entityId: id, action: 'update', before, after });
    return toGroup(after);
  });
}

/** Deleting a group removes only the grouping: its member companies stay as they are. */
export async function deleteGroup(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findGroup(tx, id);
    if (!before) throw notFound('Group');
    await repo.deleteGroup(tx, id);
    await writeAudit(tx, actor, { entity: 'group', entityId: id, action: 'delete', before });
  });
}
