// The fleet roster per location: units, their vehicles and tags, what was bought for each.
// Its migrations are under migrations/fleet (drizzle/fleet.config.ts).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns';
import { companies, locations } from './core-accounts';
import { orderItems } from './orders';

/**
 * A vehicle of a company's fleet, kept at one of its locations. The vehicle is named as the
 * vehicle data names it (year, make, model, option) rather than by a vehicles row, so that a
 * fitment import that replaces vehicle rows leaves the roster as it is; its OE sizes are read
 * from the vehicle data each time. `fitment` picks one of the vehicle's OE fitments (null: the
 * first).
 */
export const fleetUnits = pgTable(
  'fleet_units',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    locationId: ref('location_id')
      .notNull()
      .references(() => locations.id),
    unitNumber: text('unit_number').notNull(),
    vin: text('vin'),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    option: text('option').notNull(),
    fitment: smallint('fitment'),
    route: text('route'),
    depot: text('depot'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One unit number per location, whatever its case ("42" and "Unit-7" as people type them).
    uniqueIndex('fleet_units_location_number_idx').on(t.locationId, sql`lower(${t.unitNumber})`),
    index('fleet_units_company_idx').on(t.companyId, t.locationId),
    check('fleet_units_number_len', sql`length(${t.unitNumber}) between 1 and 40`),
  ],
);

/**
 * The unit a cart or order line is for. A cart is an order, so the line keeps its id through
 * checkout; a line removed from the cart takes its link with it.
 */
export const fleetUnitLines = pgTable(
  'fleet_unit_lines',
  {
    orderItemId: ref('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    unitId: ref('unit_id')
      .notNull()
      .references(() => fleetUnits.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('fleet_unit_lines_unit_idx').on(t.unitId)],
);
