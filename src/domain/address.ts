// One rule for a US delivery address: how it is written (normalize) and whether its ZIP, city and
// state agree (checkAddress). The ZIP data is handed in, so the rule stays pure. See docs/logistics.md.

export interface AddressInput {
  name?: string;
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface NormalAddress {
  name?: string;
  address1: string;
  address2?: string | null;
  city: string;
  state: string;
  /** Five digits. */
  zip: string;
  /** ZIP+4 (`78701-1234`) when the four digits were given; the offline data knows no others. */
  zipPlus4: string | null;
}

export type AddressField = 'address1' | 'city' | 'state' | 'zip';

export type AddressVerdict =
  | { status: 'valid'; address: NormalAddress }
  | { status: 'corrected'; address: NormalAddress; suggestion: NormalAddress; corrected: AddressField[] }
  | { status: 'invalid'; address: NormalAddress; field: AddressField; detail: string };

/** What the offline ZIP data answers: the place of a ZIP, and the ZIPs of a city in a state. */
export interface ZipBook {
  place(zip: string): { city: string; state: string } | null;
  zipsOf(city: string, state: string): string[];
}

const suffixes: Record<string, string> = {
  ALLEY: 'Aly',
  AVENUE: 'Ave',
  AV: 'Ave',
  AVE: 'Ave',
  BOULEVARD: 'Blvd',
  BLVD: 'Blvd',
  CIRCLE: 'Cir',
  CIR: 'Cir',
  COURT: 'Ct',
  CT: 'Ct',
  DRIVE: 'Dr',
  DR: 'Dr',
  EXPRESSWAY: 'Expy',
  FREEWAY: 'Fwy',
  HIGHWAY: 'Hwy',
  HWY: 'Hwy',
  LANE: 'Ln',
  LN: 'Ln',
  PARKWAY: 'Pkwy',
  PKWY: 'Pkwy',
  PLACE: 'Pl',
  PL: 'Pl',
  PLAZA: 'Plz',
  ROAD: 'Rd',
  RD: 'Rd',
  SQUARE: 'Sq',
  STREET: 'St',
  STR: 'St',
  ST: 'St',
  TERRACE: 'Ter',
  TRAIL: 'Trl',
  WAY: 'Way',
};

const directions: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
  N: 'N',
  S: 'S',
  E: 'E',
  W: 'W',
  NE: 'NE',
  NW: 'NW',
  SE: 'SE',
  SW: 'SW',
};

const units: Record<string, string> = {
  APARTMENT: 'Apt',
  APT: 'Apt',
  SUITE: 'Ste',
  STE: 'Ste',
  UNIT: 'Unit',
};

const stateNames: Record<string, string> = {
  ALABAMA: 'AL',
  ALASKA: 'AK',
  ARIZONA: 'AZ',
  ARKANSAS: 'AR',
  CALIFORNIA: 'CA',
  COLORADO: 'CO',
  CONNECTICUT: 'CT',
  DELAWARE: 'DE',
  'DISTRICT OF COLUMBIA': 'DC',
  FLORIDA: 'FL',
  GEORGIA: 'GA',
  HAWAII: 'HI',
  IDAHO: 'ID',
  ILLINOIS: 'IL',
  INDIANA: 'IN',
  IOWA: 'IA',
  KANSAS: 'KS',
  KENTUCKY: 'KY',
  LOUISIANA: 'LA',
  MAINE: 'ME',
  MARYLAND: 'MD',
  MASSACHUSETTS: 'MA',
  MICHIGAN: 'MI',
  MINNESOTA: 'MN',
  MISSISSIPPI: 'MS',
  MISSOURI: 'MO',
  MONTANA: 'MT',
  NEBRASKA: 'NE',
  NEVADA: 'NV',
  'NEW HAMPSHIRE': 'NH',
  'NEW JERSEY': 'NJ',
  'NEW MEXICO': 'NM',
  'NEW YORK': 'NY',
  'NORTH CAROLINA': 'NC',
  'NORTH DAKOTA': 'ND',
  OHIO: 'OH',
  OKLAHOMA: 'OK',
  OREGON: 'OR',
  PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI',
  'SOUTH CAROLINA': 'SC',
  'SOUTH DAKOTA': 'SD',
  TENNESSEE: 'TN',
  TEXAS: 'TX',
  UTAH: 'UT',
  VERMONT: 'VT',
  VIRGINIA: 'VA',
  WASHINGTON: 'WA',
  'WEST VIRGINIA': 'WV',
  WISCONSIN: 'WI',
  WYOMING: 'WY',
};

/** The two-letter codes of the 50 states and DC, in alphabetical order. */
export const usStateCodes: readonly string[] = [...new Set(Object.values(stateNames))].sort();

/** Whether a two-letter code is one of the 50 states or DC. */
export const isStateCode = (code: string) => usStateCodes.includes(code);

const squash = (s: string) =>
  s
    .trim()
    .replace(/[\s,]+/g, ' ')
    .replace(/\.(?=\s|$)/g, '');

const titleWord = (w: string) =>
  /\d/.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

/** `123 north main street apt 4` → `123 N Main St Apt 4`: suffix, direction and unit words abbreviated. */
export function normalizeStreet(street: string): string {
  const words = squash(street).split(' ').filter(Boolean);
  return words
    .map((w, i) => {
      const up = w.toUpperCase().replace(/\.$/, '');
      if (units[up]) return units[up];
      if (i > 0 && directions[up] && (i === 1 || i === words.length - 1)) return directions[up];
      // A suffix is the word before the end or before a unit word ("Main St Apt 4").
      const next = words[i + 1]?.toUpperCase();
      if (i > 0 && suffixes[up] && (next === undefined || units[next] || directions[next]))
        return suffixes[up];
      return titleWord(w);
    })
    .join(' ');
}

export function normalizeState(state: string): string {
  const up = squash(state).toUpperCase();
  return stateNames[up] ?? up;
}

export function normalizeCity(city: string): string {
  return squash(city)
    .split(' ')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

/** Case, spaces, suffixes and the ZIP's shape; nothing checked against the ZIP data yet. */
export function normalizeAddress(a: AddressInput): NormalAddress {
  const digits = a.zip.replace(/\D/g, '');
  const zip = digits.slice(0, 5);
  return {
    ...(a.name !== undefined ? { name: squash(a.name) } : {}),
    address1: normalizeStreet(a.address1),
    ...(a.address2 ? { address2: normalizeStreet(a.address2) } : {}),
    city: normalizeCity(a.city),
    state: normalizeState(a.state),
    zip,
    zipPlus4: digits.length === 9 ? `${zip}-${digits.slice(5)}` : null,
  };
}

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/**
 * Valid when the ZIP belongs to the city and state; corrected when the ZIP and one of city or state
 * agree (the other is taken from the ZIP); invalid with the field at fault otherwise.
 */
export function checkAddress(input: AddressInput, book: ZipBook): AddressVerdict {
  const address = normalizeAddress(input);
  const invalid = (field: AddressField, detail: string): AddressVerdict => ({
    status: 'invalid',
    address,
    field,
    detail,
  });
  if (!/\d/.test(address.address1) && !/^P ?O Box/i.test(address.address1))
    return invalid('address1', 'needs a house number');
  if (!/^[A-Z]{2}$/.test(address.state)) return invalid('state', 'is not a US state');
  if (!/^\d{5}$/.test(address.zip) || ![5, 9].includes(input.zip.replace(/\D/g, '').length))
    return invalid('zip', 'must be 5 digits or ZIP+4');
  const place = book.place(address.zip);
  if (!place) {
    const zips = book.zipsOf(address.city, address.state);
    return invalid(
      'zip',
      zips.length
        ? `is not a US ZIP code (${address.city}, ${address.state} has ${zips[0]})`
        : 'is not a US ZIP code',
    );
  }
  const cityOk = same(place.city, address.city);
  const stateOk = same(place.state, address.state);
  if (cityOk && stateOk)
    return { status: 'valid', address: { ...address, city: place.city, state: place.state } };
  // The city and state agree with each other but not with the ZIP: the ZIP is at fault.
  if (book.zipsOf(address.city, address.state).length > 0)
    return invalid('zip', `belongs to ${place.city}, ${place.state}, not ${address.city}, ${address.state}`);
  if (!cityOk && !stateOk) return invalid('zip', `belongs to ${place.city}, ${place.state}`);
  const suggestion = { ...address, city: place.city, state: place.state };
  return { status: 'corrected', address, suggestion, corrected: [cityOk ? 'state' : 'city'] };
}
