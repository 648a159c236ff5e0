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

/** Area/Location names (and UTC) only: no offsets or POSIX rules, which databases read differently. */
const zoneName = /^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/;

/**
 * The IANA time zone a name stands for, spelt as this runtime spells it (america/chicago →
 * America/Chicago), or null when it is not one it knows.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > 64) return null;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return zoneName.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

/** Whether a name is an IANA time zone this runtime knows (America/Chicago, UTC …). */
export const isTimeZone = (name: string) => canonicalTimeZone(name) !== null;
