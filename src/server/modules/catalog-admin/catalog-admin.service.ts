import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/connection';
import { definedOnly } from '../../db/list-page';
import { type categories, type makes, models, type products } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';

/** Unique-index violations (slug, make+sku) become a 409 naming the field. */
async function uniquely<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '23505')
      throw conflict(`That ${field} is taken`, {
        errors: [{ pointer: `/body/${field}`, detail: 'is taken' }],
      });
    if (code === '23503') throw notFound('Referenced record');
    throw error;
  }
}

type Table = typeof makes | typeof categories | typeof models | typeof products;

async function findRow<T extends Table>(tx: DbOrTx, table: T, id: number) {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return (row ?? null) as T['$inferSelect'] | null;
}

/** One create of a catalogue row, audited. */
export async function createRow<T extends Table>(
  db: Db,
  actor: Actor,
  entity: string,
  table: T,
  values: T['$inferInsert'],
  uniqueField: string,
) {
  return db.transaction((tx) =>
    uniquely(uniqueField, async () => {
      const [row] = (await tx
        .insert(table)
        .values(values as never)
        .returning()) as T['$inferSelect'][];
      await writeAudit(tx, actor, { entity, entityId: row.id, action: 'create', after: row });
      return row;
    }),
  );
}

/** One update of a catalogue row, audited; absent fields stay. */
export async function updateRow<T extends Table>(
  db: Db,
  actor: Actor,
  entity: string,
  table: T,
  id: number,
  set: Partial<T['$inferInsert']>,
  uniqueField: string,
) {
  return db.transaction((tx) =>
    uniquely(uniqueField, async () => {
      const before = await findRow(tx, table, id);
      if (!before) throw notFound(entity);
      const changes = definedOnly(set);
      const [after] = (
        Object.keys(changes).length
          ? await tx
              .update(table)
              .set(changes as never)
              .where(eq(table.id, id))
              .returning()
          : [before]
      ) as T['$inferSelect'][];
      await writeAudit(tx, actor, { entity, entityId: id, action: 'update', before, after });
      return after;
    }),
  );
}

/** A SKU takes its make from its line. */
export async function makeOfModel(db: DbOrTx, modelId: number) {
  const model = await findRow(db, models, modelId);
  if (!model) throw notFound('Model');
  return model.makeId;
}
