import { z } from 'zod';
import { ListQuery, OptionalBool, OptionalId, patchOf, Required, Zip } from './admin-common';
import { endpoint, Id, pageOf } from './common';
import { DotCode } from './tire-age';

export const warehouseTypes = ['distribution', 'store', 'dropship'] as const;

export const Warehouse = z.object({
  id: z.number().int(),
  supplierCompanyId: z.number().int(),
  supplierName: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.enum(warehouseTypes),
  zip: z.string(),
  active: z.boolean(),
  products: z.number().int(),
  units: z.number().int(),
});
export type Warehouse = z.infer<typeof Warehouse>;

const WarehouseFields = z.object({
  /** Staff choose the supplier; a supplier user always creates for its own company. */
  supplierCompanyId: Id.optional(),
  code: Required('a code', 40).regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _'),
  name: Required('a name', 120),
  type: z.enum(warehouseTypes).default('distribution'),
  zip: Zip,
  active: z.boolean().default(true),
});
export const WarehouseInput = WarehouseFields;
export type WarehouseInput = z.input<typeof WarehouseInput>;

const IdParams = z.object({ id: Id });
const One = z.object({ data: Warehouse });

export const listWarehouses = endpoint({
  method: 'GET',
  path: '/api/v1/supplier/warehouse',
  access: 'supplier',
  summary: 'Warehouses (a supplier sees only its own)',
  query: ListQuery.extend({
    supplierCompanyId: OptionalId,
    type: z.enum(warehouseTypes).optional(),
    active: OptionalBool,
  }),
  response: pageOf(Warehouse),
});

export const FeedFailure = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  filename: z.string(),
  line: z.number().int(),
  reason: z.string(),
  raw: z.string(),
  createdAt: z.string(),
});
export type FeedFailure = z.infer<typeof FeedFailure>;

export const listFailedRows = endpoint({
  method: 'GET',
  path: '/api/v1/supplier/warehouse/failed',
  access: 'supplier',
  summary: 'Inventory feed rows that were refused, with line and reason',
  query: ListQuery.extend({ warehouseId: OptionalId, runId: OptionalId }),
  response: pageOf(FeedFailure),
});

export const listWarehouseTypes = endpoint({
  method: 'GET',
  path: '/api/v1/supplier/warehouse/type',
  access: 'supplier',
  summary: 'Warehouse types',
  response: z.object({ data: z.array(z.enum(warehouseTypes)) }),
});

export const getWarehouse = endpoint({
  method: 'GET',
  path: '/api/v1/supplier/warehouse/:id',
  access: 'supplier',
  summary: 'One warehouse',
  params: IdParams,
  response: One,
});

export const createWarehouse = endpoint({
  method: 'POST',
  path: '/api/v1/supplier/warehouse',
  access: 'supplier',
  summary: 'Create a warehouse',
  body: WarehouseInput,
  response: One,
  status: 201,
});

export const updateWarehouse = endpoint({
  method: 'PUT',
  path: '/api/v1/supplier/warehouse/:id',
  access: 'supplier',
  summary: 'Update a warehouse',
  params: IdParams,
  body: patchOf(WarehouseFields.omit({ supplierCompanyId: true })),
  response: One,
});

export const FeedRun = z.object({
  id: z.number().int(),
  warehouseId: z.number().int(),
  filename: z.string(),
  status: z.enum(['running', 'applied', 'failed']),
  processedRows: z.number().int(),
  goodRows: z.number().int(),
  badRows: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type FeedRun = z.infer<typeof FeedRun>;

export const listFeedRuns = endpoint({
  method: 'GET',
  path: '/api/v1/supplier/warehouse/:id/feed',
  access: 'supplier',
  summary: "The warehouse's feed uploads, newest first (poll it to follow a running one)",
  params: IdParams,
  response: z.object({ data: z.array(FeedRun) }),
});

/** Columns of an inventory feed; `cost` in dollars with at most two decimals. */
export const feedColumns = ['sku', 'make', 'quantity', 'cost'] as const;
/**
 * An optional column: the DOT date code of the line's units. A tire may then come on several
 * lines, one per code; the row's quantity is their sum and its cost the first line's.
 */
export const feedDotColumn = 'dot';

export const uploadFeed = endpoint({
  method: 'POST',
  path: '/api/v1/supplier/warehouse/:id/feed',
  access: 'supplier',
  summary: 'Upload a CSV inventory feed (multipart field `file`; columns sku,make,quantity,cost)',
  params: IdParams,
  response: z.object({ data: FeedRun }),
  status: 201,
});

/** A lot of a stock row: its units made in one week (docs/domain.md, "Tire age"). */
export const InventoryLot = z.object({
  dotCode: z.string(),
  quantity: z.number().int(),
  /** Whole months since its week started. */
  ageMonths: z.number().int(),
  /** Older than six years: never sold new, and never allocated. */
  tooOld: z.boolean(),
});
export type InventoryLot = z.infer<typeof InventoryLot>;

export const InventoryRow = z.object({
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  productId: z.number().int(),
  skuCode: z.string(),
  size: z.string(),
  makeName: z.string(),
  quantity: z.number().int(),
  reserved: z.number().int(),
  costCents: z.number().int(),
  updatedAt: z.string(),
  /** Its units by DOT code, oldest first; the units no lot names are of unknown age. */
  lots: z.array(InventoryLot),
});
export type InventoryRow = z.infer<typeof InventoryRow>;

export const listInventory = endpoint({
  method: 'GET',
  path: '/api/v1/inventory',
  access: 'supplier',
  summary: 'Stock and cost per warehouse and product (a supplier sees only its own)',
  query: ListQuery.extend({ warehouseId: OptionalId, productId: OptionalId }),
  response: pageOf(InventoryRow),
});

export const InventoryInput = z
  .object({
    warehouseId: Id,
    productId: Id,
    quantity: z.number().int().min(0, 'Cannot be negative').max(1_000_000),
    costCents: z.number().int().min(0, 'Cannot be negative').max(10_000_000),
    /**
     * How the quantity splits by DOT code; given, it replaces the row's lots (the units it does
     * not name are of unknown age). Absent, the lots stay as they are.
     */
    lots: z
      .array(
        z.object({
          dotCode: DotCode,
          quantity: z.number().int().min(1, 'Must be at least 1').max(1_000_000),
        }),
      )
      .max(50)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.lots?.forEach((l, i) => {
      if (seen.has(l.dotCode))
        ctx.addIssue({ code: 'custom', path: ['lots', i, 'dotCode'], message: 'is named twice' });
      seen.add(l.dotCode);
    });
    const inLots = v.lots?.reduce((s, l) => s + l.quantity, 0) ?? 0;
    if (inLots > v.quantity)
      ctx.addIssue({
        code: 'custom',
        path: ['lots'],
        message: `hold ${inLots} units, more than the quantity ${v.quantity}`,
      });
  });
export type InventoryInput = z.input<typeof InventoryInput>;

export const setInventory = endpoint({
  method: 'POST',
  path: '/api/v1/inventory',
  access: 'supplier',
  summary: 'Set the stock and cost of one product in one warehouse; prices follow at once',
  body: InventoryInput,
  response: z.object({ data: InventoryRow }),
});
