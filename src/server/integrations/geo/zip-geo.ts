// US ZIP geodata from the `zipcodes` package (no network): validation, coordinates, distances.
import { createRequire } from 'node:module';
import { type AddressInput, type AddressVerdict, checkAddress, type ZipBook } from '../../../domain/address';

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipCodes {
  lookup(zip: string): ZipRecord | undefined;
  lookupByCoords(lat: number, lon: number): ZipRecord | null;
  lookupByName(city: string, state: string): ZipRecord[];
  distance(a: string, b: string): number | null;
}

const zipcodes = createRequire(import.meta.url)('zipcodes') as ZipCodes;

export interface Place {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

const toPlace = (r: ZipRecord): Place => ({
  zip: r.zip,
  city: r.city,
  state: r.state,
  latitude: r.latitude,
  longitude: r.longitude,
});

export function lookupZip(zip: string): Place | null {
  const r = zipcodes.lookup(zip.trim());
  return r && r.country === 'US' ? toPlace(r) : null;
}

/** The offline ZIP data as the address rule (src/domain/address.ts) reads it. */
export const zipBook: ZipBook = {
  place: (zip) => lookupZip(zip),
  zipsOf: (city, state) =>
    zipcodes
      .lookupByName(city, state)
      .filter((r) => r.country === 'US')
      .map((r) => r.zip),
};

/** An address checked against the offline ZIP data: valid, corrected (with the suggestion) or invalid. */
export const checkUsAddress = (a: AddressInput): AddressVerdict => checkAddress(a, zipBook);

export function nearestZip(latitude: number, longitude: number): Place | null {
  const r = zipcodes.lookupByCoords(latitude, longitude);
  return r ? toPlace(r) : null;
}

/** Whole miles between two ZIP codes; null when either is unknown. */
export function milesBetween(a: string | null | undefined, b: string | null | undefined): number | null {
  if (!a || !b) return null;
  if (a === b) return 0;
  const d = zipcodes.distance(a, b);
  return d === null || d === undefined ? null : Math.round(d);
}
