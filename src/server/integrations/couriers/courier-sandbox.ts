// The courier sandboxes (no network): two couriers quoting ground, two-day and overnight from
// the shop's one parcel rule, issuing tracking numbers, and a tracking service ("trackhub") that
// moves a shipment along a fixed timetable. Deterministic: the same input gives the same answer.
import {
  type Courier,
  type CourierService,
  couriers,
  courierServices,
  type Parcel,
  parcelRateCents,
  transitDays,
} from '../../../domain/shipping';

export const TRACKING_SERVICE = 'trackhub';

export interface Rate {
  courier: Courier;
  service: CourierService;
  rateCents: number;
  transitDays: number;
}

/** Every courier's price for the parcels (one tire each) over the distance, cheapest first. */
export function quoteRates(parcels: Parcel[]): Rate[] {
  const rates = couriers.flatMap((courier) =>
    courierServices.map((service) => ({
      courier,
      service,
      rateCents: parcels.reduce((s, p) => s + parcelRateCents(courier, service, p), 0),
      transitDays: transitDays(service, parcels[0]?.miles ?? null),
    })),
  );
  return rates.sort((a, b) => a.rateCents - b.rateCents || a.courier.localeCompare(b.courier));
}

const prefixOf: Record<Courier, string> = { swiftship: 'SWS', parcelpost: 'PPX' };

/** A tracking number the courier would print: prefix, 12 digits of the label, a mod-10 check digit. */
export function trackingNumberOf(courier: Courier, labelId: number): string {
  const digits = String(labelId).padStart(12, '0');
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${prefixOf[courier]}${digits}${(10 - (sum % 10)) % 10}`;
}

/** Where the couriers take parcels in: one depot per courier near each warehouse region. */
export const courierLocations: Record<Courier, { code: string; name: string; zip: string }[]> = {
  swiftship: [
    { code: 'SWS-DFW', name: 'SwiftShip Dallas Hub', zip: '75261' },
    { code: 'SWS-RNO', name: 'SwiftShip Reno Hub', zip: '89502' },
    { code: 'SWS-CMH', name: 'SwiftShip Columbus Hub', zip: '43219' },
    { code: 'SWS-PHX', name: 'SwiftShip Phoenix Hub', zip: '85034' },
  ],
  parcelpost: [
    { code: 'PPX-AUS', name: 'ParcelPost Austin Depot', zip: '78719' },
    { code: 'PPX-DEN', name: 'ParcelPost Denver Depot', zip: '80216' },
    { code: 'PPX-ATL', name: 'ParcelPost Atlanta Depot', zip: '30354' },
  ],
};

/** The tracking timetable: hours after the label was bought at which each scan happens. */
export function trackingTimetable(service: CourierService, miles: number | null) {
  const days = transitDays(service, miles);
  return [
    { status: 'picked_up', afterHours: 4 },
    { status: 'in_transit', afterHours: 10 },
    { status: 'out_for_delivery', afterHours: days * 24 + 2 },
    { status: 'delivered', afterHours: days * 24 + 8 },
  ] as const;
}
