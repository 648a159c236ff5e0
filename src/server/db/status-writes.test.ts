import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableColumns, isTable, type Table } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

// Every status column is written by one named function per kind of record, and that function
// reads the kind's transition table before it writes (docs/domain.md, "Statuses"). This test reads
// the server's source (tests and test helpers left out) and finds every write of a `status`
// column: a key `status` in an update's (or an upsert's) set, a raw SQL `update … set … status =`,
// an insert whose status is not the column's default, and a call of the generic `writeStatus`
// (db/write-status.ts). Each must sit in one of the functions named below.

const serverDir = new URL('..', import.meta.url).pathname;

/** The write functions, by file (relative to src/server) and function name. */
const writeFunctions: Record<string, string[]> = {
  'db/write-status.ts': ['writeStatus'],
  'modules/orders/orders.repository.ts': ['setOrderStatus', 'writePlacedOrder'],
  'modules/orders/orders.routing.repository.ts': ['setLineStatus'],
  'modules/orders/orders.stock.repository.ts': ['moveStockHolds', 'sellHeldUnits', 'releasePartOfHold'],
  'modules/payments/payments.repository.ts': ['setPaymentStatus', 'insertPaymentWithTransaction'],
  'integrations/payments/token-sandbox.ts': ['setTokenStatus', 'issueToken'],
  'modules/comp/comp.repository.ts': ['waive'],
  'modules/logistics/logistics.repository.ts': ['setFulfillmentStatus', 'voidLabels', 'cancelPickupRow'],
  'modules/logistics/logistics.shipments.repository.ts': ['setShipmentStatus'],
  'modules/inventory/inventory.repository.ts': ['finishRun'],
  'modules/marketing/marketing.repository.ts': ['setSubscriptionStatus', 'setContactStatus'],
  'modules/reviews/reviews.repository.ts': ['setReviewStatus'],
  'modules/installer/installer.repository.ts': ['updateInstallerSide'],
  'modules/quotes/quotes.repository.ts': ['setQuoteStatus'],
  'modules/quotes/quotes.jobs.repository.ts': ['endJob'],
  'modules/quotes/quotes.holds.repository.ts': ['releaseHolds'],
  'modules/aftersales/aftersales.repository.ts': ['setReturnStatus', 'setClaimStatus'],
  'modules/aftersales/aftersales.money.repository.ts': ['setRefundStatus', 'setBillStatus'],
  'modules/logistics/logistics.distributors.repository.ts': ['setDistributorOrderStatus'],
  'modules/wholesale/wholesale.repository.ts': ['decide'],
  'modules/exemptions/exemptions.repository.ts': ['setCertificateStatus'],
  'modules/tax/tax.repository.ts': ['finishRun', 'insertRejectedRun'],
  'modules/webhooks/webhooks.repository.ts': ['setEndpointStatus', 'setDeliveryStatus'],
  'modules/approvals/approvals.repository.ts': ['writeApprovalStatus'],
};

/**
 * Tables whose `status` is no status of a record: an idempotency key's status says which server
 * still runs the call (docs/security.md, "Idempotency and crash safety").
 */
const notRecordStatuses = new Set(['idempotencyKeys']);

const statusTables = new Map<string, Table>(
  Object.entries(schema as Record<string, unknown>).flatMap(([name, value]) =>
    isTable(value) && 'status' in getTableColumns(value) ? [[name, value] as const] : [],
  ),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-helpers\.ts$/.test(entry.name) ? [path] : [];
  });
}

interface Write {
  file: string;
  line: number;
  fn: string;
  how: string;
}

function enclosingFunction(node: ts.Node): ts.Node | undefined {
  for (let p: ts.Node | undefined = node.parent; p; p = p.parent)
    if (ts.isFunctionLike(p) && functionName(p) !== '(anonymous)') return p;
  return undefined;
}

function functionName(fn: ts.Node): string {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return fn.name.getText();
  const parent = fn.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText();
  return '(anonymous)';
}

const isStatusKey = (p: ts.ObjectLiteralElementLike) =>
  (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name.getText() === 'status';

/** The string literals an expression may be: a literal, or each branch of a conditional. */
function literalsOf(e: ts.Expression): string[] | null {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isParenthesizedExpression(e)) return literalsOf(e.expression);
  if (ts.isConditionalExpression(e)) {
    const both = [literalsOf(e.whenTrue), literalsOf(e.whenFalse)];
    return both[0] && both[1] ? [...both[0], ...both[1]] : null;
  }
  return null;
}

/** An expression without the casts around it (`{ status } as …`, `(…)`, `… satisfies …`). */
function withoutCasts(e: ts.Expression): ts.Expression {
  return ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression(e)
    ? withoutCasts(e.expression)
    : e;
}

/** The table a chain such as `db.update(orders)` or `tx.insert(t)` names, through `const t = …`. */
function tableOf(call: ts.CallExpression, aliases: Map<string, string>): string | undefined {
  const arg = call.arguments[0];
  if (!arg || !ts.isIdentifier(arg)) return undefined;
  return aliases.get(arg.text) ?? arg.text;
}

function chainCall(e: ts.Expression, method: string): ts.CallExpression | undefined {
  for (let x: ts.Expression = e; ; ) {
    if (ts.isCallExpression(x)) {
      if (ts.isPropertyAccessExpression(x.expression) && x.expression.name.text === method) return x;
      x = x.expression;
    } else if (ts.isPropertyAccessExpression(x)) x = x.expression;
    else return undefined;
  }
}

function statusWrites(file: string, text: string): Write[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const aliases = new Map<string, string>();
  const found: Write[] = [];
  const add = (node: ts.Node, how: string) => {
    const fn = enclosingFunction(node);
    found.push({
      file,
      line: src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1,
      fn: fn ? functionName(fn) : '(module)',
      how,
    });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      if (ts.isIdentifier(node.initializer) && statusTables.has(node.initializer.text))
        aliases.set(node.name.text, node.initializer.text);
    if (ts.isCallExpression(node) && node.expression.getText(src) === 'writeStatus') add(node, 'writeStatus');
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const arg = node.arguments[0] && withoutCasts(node.arguments[0]);
      if (method === 'set' && arg) {
        const update = chainCall(node.expression.expression, 'update');
        const table = update && tableOf(update, aliases);
        if (update && !notRecordStatuses.has(table ?? '')) {
          if (ts.isObjectLiteralExpression(arg) && arg.properties.some(isStatusKey)) add(node, 'update set');
          else if (table && statusTables.has(table) && !typedWithoutStatus(node, arg))
            add(node, 'update set of values that may hold a status');
        }
      }
      if (method === 'onConflictDoUpdate' && arg && ts.isObjectLiteralExpression(arg)) {
        const set = arg.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'set');
        if (set && ts.isPropertyAssignment(set) && ts.isObjectLiteralExpression(set.initializer))
          if (set.initializer.properties.some(isStatusKey)) add(node, 'upsert set');
      }
      if (method === 'values' && arg && ts.isObjectLiteralExpression(arg)) {
        const insert = chainCall(node.expression.expression, 'insert');
        const table = insert && tableOf(insert, aliases);
        const recordTable = table && !notRecordStatuses.has(table) ? statusTables.get(table) : undefined;
        const column = recordTable && getTableColumns(recordTable).status;
        const status = arg.properties.find(isStatusKey);
        if (column && status) {
          const first = column.hasDefault ? String((column as { default?: unknown }).default) : undefined;
          const literals = ts.isPropertyAssignment(status) ? literalsOf(status.initializer) : null;
          if (!literals || literals.some((s) => s !== first))
            add(node, 'insert in a status other than the first');
        }
      }
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(src) === 'sql') {
      const sqlText = node.template.getText(src);
      if (/\bupdate\s+\w+\s+(?:\w+\s+)?set\b[^;]*?\bstatus\s*=/i.test(sqlText)) add(node, 'raw SQL update');
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

/**
 * Values spread into (or passed as) an update's set must come from a parameter whose type leaves
 * the status out (`Omit<…, 'status'>`, or a `Pick<…>` without it, directly or through a type
 * alias of the file), so that the compiler keeps a status out of them.
 */
function typedWithoutStatus(setCall: ts.CallExpression, arg: ts.Expression): boolean {
  const names = ts.isObjectLiteralExpression(arg)
    ? arg.properties.flatMap((p) => (ts.isSpreadAssignment(p) ? [p.expression.getText()] : []))
    : [arg.getText()];
  const fn = enclosingFunction(setCall);
  if (!fn || !ts.isFunctionLike(fn)) return names.length === 0;
  const aliases = new Map<string, string>();
  const collect = (node: ts.Node) => {
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type.getText());
    ts.forEachChild(node, collect);
  };
  collect(setCall.getSourceFile());
  return names.every((name) => {
    const param = fn.parameters.find((p) => p.name.getText() === name);
    const type = param?.type?.getText() ?? '';
    const named = aliases.get(type) ?? type;
    return /Omit<[\s\S]*'status'/.test(named) || (/Pick</.test(named) && !/'status'/.test(named));
  });
}

function allWrites(): Write[] {
  return sourceFiles(serverDir).flatMap((path) =>
    statusWrites(relative(serverDir, path), readFileSync(path, 'utf8')),
  );
}

const allowed = (w: Write) => writeFunctions[w.file]?.includes(w.fn) ?? false;
const where = (w: Write) => `src/server/${w.file}:${w.line} ${w.fn} (${w.how})`;

describe('status writes', () => {
  const writes = allWrites();

  it('happen only in the write function of their kind of record', () => {
    const stray = writes.filter((w) => !allowed(w));
    expect(stray.map(where)).toEqual([]);
  });

  it('are found by this scan: each write function named here writes a status', () => {
    const writers = new Set(writes.map((w) => `${w.file}#${w.fn}`));
    const named = Object.entries(writeFunctions).flatMap(([file, fns]) => fns.map((fn) => `${file}#${fn}`));
    expect(named.filter((n) => !writers.has(n))).toEqual([]);
  });

  it('read the transition table of their kind before they write', () => {
    const unchecked = Object.entries(writeFunctions).flatMap(([file, fns]) => {
      const src = ts.createSourceFile(
        file,
        readFileSync(join(serverDir, file), 'utf8'),
        ts.ScriptTarget.Latest,
        true,
      );
      const bodies = new Map<string, string>();
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node)) bodies.set(functionName(node), node.getText(src));
        ts.forEachChild(node, visit);
      };
      visit(src);
      return fns.filter(
        (fn) => !/assert\w*Transition|canTransition|statusesBefore|FirstStatuses/.test(bodies.get(fn) ?? ''),
      );
    });
    expect(unchecked).toEqual([]);
  });

  it('are caught in a planted write outside the write functions', () => {
    const planted = statusWrites(
      'modules/orders/planted.ts',
      `export async function sneak(db) { await db.update(orders).set({ status: 'completed' }).where(x); }
       export async function cast(db) { await db.update(t).set({ status: 'completed' } as never).where(x); }
       export async function raw(db) { await db.execute(sql\`update payments set status = 'captured' where id = 1\`); }
       export async function born(db) { await db.insert(stockHolds).values({ orderId: 1, status: 'committed' }); }
       export async function upsert(db) {
         await db.insert(pickups).values(row).onConflictDoUpdate({ target: pickups.id, set: { status: 'cancelled' } });
       }
       export async function spread(db, values: Partial<typeof shipments.$inferInsert>) {
         await db.update(shipments).set({ ...values, updatedAt: new Date() });
       }
       export async function generic(db, row) { await writeStatus(db, orders, assertOrderTransition, row, 'completed'); }`,
    );
    expect(planted.map((w) => `${w.fn}: ${w.how}`)).toEqual([
      'sneak: update set',
      'cast: update set',
      'raw: raw SQL update',
      'born: insert in a status other than the first',
      'upsert: upsert set',
      'spread: update set of values that may hold a status',
      'generic: writeStatus',
    ]);
  });
});
