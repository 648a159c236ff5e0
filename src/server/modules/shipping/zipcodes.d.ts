// The zipcodes package ships without types; these are the calls the shipping estimate makes.
declare module 'zipcodes' {
  interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
  }
  export function lookup(zip: string): ZipInfo | undefined;
  export function distance(a: string, b: string): number | null;
}
