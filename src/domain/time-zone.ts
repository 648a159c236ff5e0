// The time zone a US place keeps, by state (the zone of most of the state): what a warehouse's
// pickup windows are shown in (docs/logistics.md).

const zoneOfState: Record<string, string> = {
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  CO: 'America/Denver',
  ID: 'America/Boise',
  MT: 'America/Denver',
  NM: 'America/Denver',
  UT: 'America/Denver',
  WY: 'America/Denver',
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  IA: 'America/Chicago',
  IL: 'America/Chicago',
  KS: 'America/Chicago',
  LA: 'America/Chicago',
  MN: 'America/Chicago',
  MO: 'America/Chicago',
  MS: 'America/Chicago',
  ND: 'America/Chicago',
  NE: 'America/Chicago',
  OK: 'America/Chicago',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  WI: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  KY: 'America/New_York',
  MI: 'America/Detroit',
};

/** The IANA zone of a state (Eastern for the states not listed, and when unknown). */
export const timeZoneOfState = (state: string | null | undefined) =>
  (state && zoneOfState[state.toUpperCase()]) || 'America/New_York';
