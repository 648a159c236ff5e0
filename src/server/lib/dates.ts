/** A timestamp as the API sends it (ISO 8601); null stays null. */
export function iso(d: Date | string): string;
export function iso(d: Date | string | null): string | null;
export function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}
