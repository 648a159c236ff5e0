// The shop's one shipping rule (docs/logistics.md): every parcel is one tire, priced by its
// weight and the zone of the distance it travels. The courier sandboxes quote labels with it,
// and what a buyer pays for shipping (result card, cart, order, quote) is the ground rate of the
// house courier for the same tires from the same warehouses.
import { basisPointsOf } from './money';

export const couriers = ['swiftship', 'parcelpost'] as const;
export type Courier = (typeof couriers)[number];

export const courierServices = ['ground', 'two_day', 'overnight'] as const;
export type CourierService = (typeof courierServices)[number];

/** The courier and service whose rate the shop charges its customers. */
export const HOUSE_COURIER: Courier = 'swiftship';
export const HOUSE_SERVICE: CourierService = 'ground';

/** Weight used when the catalogue does not know a tire's weight: a large passenger tire. */
export const DEFAULT_TIRE_WEIGHT_LBS = 25;

/** Zones by distance, as US parcel carriers count them: 2 is local, 8 is coast to coast. */
const zoneLimitsMiles = [150, 300, 600, 1000, 1400, 1800] as const;

/** The zone (2–8) of a distance in miles; an unknown distance is charged as the farthest zone. */
export function zoneOf(miles: number | null): number {
  if (miles === null) return 8;
  const i = zoneLimitsMiles.findIndex((limit) => miles <= limit);
  return i === -1 ? 8 : i + 2;
}

/** Billable pounds: whole pounds, rounded up, at least one. */
export function billableLbs(weightLbs: number | null): number {
  return Math.max(1, Math.ceil(weightLbs ?? DEFAULT_TIRE_WEIGHT_LBS));
}

/** Cents per parcel: a base, a rate per billable pound and a step per zone beyond the local one. */
const serviceRates: Record<CourierService, { base: number; perLb: number; perZone: number }> = {
  ground: { base: 600, perLb: 12, perZone: 90 },
  two_day: { base: 1400, perLb: 22, perZone: 160 },
  overnight: { base: 2800, perLb: 40, perZone: 300 },
};

/** Each courier's price level against the reference rates, in basis points per service. */
const courierLevels: Record<Courier, Record<CourierService, number>> = {
  swiftship: { ground: 10_000, two_day: 10_000, overnight: 10_000 },
  parcelpost: { ground: 10_400, two_day: 9_500, overnight: 10_800 },
};

/** Business days in transit by zone (index zone - 2) for each service. */
const transitDaysByZone: Record<CourierService, readonly number[]> = {
  ground: [1, 2, 3, 3, 4, 5, 5],
  two_day: [2, 2, 2, 2, 2, 2, 2],
  overnight: [1, 1, 1, 1, 1, 1, 1],
};

export interface Parcel {
  weightLbs: number | null;
  miles: number | null;
}

/** The price of one parcel with a courier's service. */
export function parcelRateCents(courier: Courier, service: CourierService, parcel: Parcel): number {
  const r = serviceRates[service];
  const reference = r.base + r.perLb * billableLbs(parcel.weightLbs) + r.perZone * (zoneOf(parcel.miles) - 2);
  return basisPointsOf(reference, courierLevels[courier][service]);
}

export function transitDays(service: CourierService, miles: number | null): number {
  return transitDaysByZone[service][zoneOf(miles) - 2];
}

/** What the shop charges to ship a quantity of one tire over a distance: house ground, per tire. */
export function shippingChargeCents(quantity: number, parcel: Parcel): number {
  return quantity * parcelRateCents(HOUSE_COURIER, HOUSE_SERVICE, parcel);
}
