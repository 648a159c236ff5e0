// Side-by-side comparisons (docs/marketing.md): how many tires one compares at most, the same
// for the API and the results page's tick boxes.
export const MAX_COMPARED = 4;
