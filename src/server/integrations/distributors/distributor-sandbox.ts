// The distributor sandboxes (no network): three drop-ship distributors, each with its own API
// shape (docs/logistics.md, "Distributors"), its own stock and cost for part of the catalogue,
// ship-from warehouses and a ship timetable. Deterministic: stock and cost are a function of the
// product id, so tests and the demo see the same catalogue every run.
import type { Courier } from '../../../domain/shipping';

export const distributors = ['tirewire', 'rubberline', 'wheelway'] as const;
export type Distributor = (typeof distributors)[number];

export interface DistributorProfile {
  code: Distributor;
  name: string;
  /** Business days from order to ship confirmation. */
  leadDays: number;
  /** The courier its ship confirmations name (tracked by the shop's tracking service). */
  courier: Courier;
  /** Tracking number prefix of its confirmations. */
  prefix: string;
  /** Carries a product when (id × mult + salt) mod 100 falls under this share. */
  share: number;
  mult: number;
  salt: number;
  locations: { code: string; name: string; zip: string }[];
}

export const distributorProfiles: Record<Distributor, DistributorProfile> = {
  tirewire: {
    code: 'tirewire',
    name: 'TireWire Distribution',
    leadDays: 1,
    courier: 'swiftship',
    prefix: 'TWR',
    share: 40,
    mult: 37,
    salt: 11,
    locations: [
      { code: 'TW-DAL', name: 'TireWire Dallas', zip: '75212' },
      { code: 'TW-ATL', name: 'TireWire Atlanta', zip: '30336' },
    ],
  },
  rubberline: {
    code: 'rubberline',
    name: 'Rubberline Wholesale',
    leadDays: 2,
    courier: 'parcelpost',
    prefix: 'RBL',
    share: 35,
    mult: 53,
    salt: 29,
    locations: [
      { code: 'RL-ONT', name: 'Rubberline Ontario CA', zip: '91761' },
      { code: 'RL-IND', name: 'Rubberline Indianapolis', zip: '46241' },
    ],
  },
  wheelway: {
    code: 'wheelway',
    name: 'Wheelway Supply',
    leadDays: 3,
    courier: 'swiftship',
    prefix: 'WWY',
    share: 30,
    mult: 71,
    salt: 43,
    locations: [
      { code: 'WW-DEN', name: 'Wheelway Denver', zip: '80239' },
      { code: 'WW-ALB', name: 'Wheelway Albany', zip: '12205' },
      { code: 'WW-PHX', name: 'Wheelway Phoenix', zip: '85043' },
    ],
  },
};

const bucket = (p: DistributorProfile, productId: number) => (productId * p.mult + p.salt) % 100;

/**
 * What a distributor carries of a product before any order: its units on hand (4–43) and its
 * cost per unit in cents (from $58 to $177.99), or null when it does not carry it.
 */
export function catalogueOf(
  d: Distributor,
  productId: number,
): { onHand: number; unitCostCents: number } | null {
  const p = distributorProfiles[d];
  const b = bucket(p, productId);
  if (b >= p.share) return null;
  return {
    onHand: 4 + ((productId * 7 + b) % 40),
    unitCostCents: 5800 + ((productId * 131 + p.salt * 17) % 12000),
  };
}

/** The distributor's own reference for the n-th order it takes for one of our orders. */
export function referenceOf(d: Distributor, orderId: number, n: number) {
  return `${distributorProfiles[d].prefix}-${String(orderId).padStart(6, '0')}-${n}`;
}

/** The tracking number on a distributor's ship confirmation: prefix, 12 digits, mod-10 check digit. */
export function trackingNumberOf(d: Distributor, distributorOrderId: number): string {
  const digits = String(distributorOrderId).padStart(12, '0');
  const sum = [...digits].reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 3 : 1), 0);
  return `${distributorProfiles[d].prefix}${digits}${(10 - (sum % 10)) % 10}`;
}

/** The ship timetable: hours after the order at which the distributor accepts it and ships it. */
export function shipTimetable(d: Distributor) {
  return [
    { status: 'accepted', afterHours: 2 },
    { status: 'shipped', afterHours: distributorProfiles[d].leadDays * 24 },
  ] as const;
}
