/** A URL-safe name: lower-case letters and digits joined by single dashes, at most 80 characters. */
export function slugOf(...parts: (string | number)[]): string {
  return parts
    .join('-')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
